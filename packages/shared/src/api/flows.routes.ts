import { IdParams, MessageAnswer } from "../common.schemas.js";
import {
  FlowAnswer,
  FlowCampaign,
  FlowCampaignBody,
  FlowCampaignsList,
  FlowCampaignUpdateBody,
  FlowCreateBody,
  FlowDocument,
  FlowDuplicateBody,
  FlowListQuery,
  FlowMediaUpload,
  FlowRecord,
  FlowRenameBody,
  FlowsPage,
} from "../flows.schemas.js";
import type { RouteGroup } from "./contract.js";

/** The flow list and builder, and phrase campaigns (document 2 section 7; admins, under the plan's campaigns flag). */
export const FLOWS_ROUTES = {
  "GET /flowbuilder": { query: FlowListQuery, response: FlowsPage },
  "POST /flowbuilder": { body: FlowCreateBody, response: FlowRecord },
  "PUT /flowbuilder": { body: FlowRenameBody, response: FlowRecord },
  /** Its phrase campaigns go with it; connections that start it on a non-phrase message forget it. */
  "DELETE /flowbuilder/{id}": { params: IdParams, response: MessageAnswer },
  /** A copy named "{name} - cópia" with the same document. */
  "POST /flowbuilder/duplicate": { body: FlowDuplicateBody, response: FlowRecord },
  /** The builder reads `flow.flow`: the saved nodes and connections, or null before the first save. */
  "GET /flowbuilder/flow/{id}": { params: IdParams, response: FlowAnswer },
  /** Replaces the flow's document, once it passes FlowDocument's rules. */
  "POST /flowbuilder/flow": { body: FlowDocument, response: FlowAnswer },
  /**
   * Flow media: one or more `medias` parts (fields fromMe and body are not read), typed by
   * their bytes. img: png/jpeg up to 2 MB. audio: ogg (opus)/mp3 up to 5 MB, or mp4 video up
   * to 20 MB (the video dialog uses it too). content: each file by its kind's rule.
   * `name` is the first file's stored name (a node's url), `names` every file's in order.
   */
  "POST /flowbuilder/img": { multipart: true, response: FlowMediaUpload },
  "POST /flowbuilder/audio": { multipart: true, response: FlowMediaUpload },
  "POST /flowbuilder/content": { multipart: true, response: FlowMediaUpload },
  "GET /flowcampaign": { response: FlowCampaignsList },
  "GET /flowcampaign/{id}": { params: IdParams, response: FlowCampaign },
  "POST /flowcampaign": { body: FlowCampaignBody, response: FlowCampaign },
  "PUT /flowcampaign": { body: FlowCampaignUpdateBody, response: FlowCampaign },
  /** Needs the contacts delete permission (contacts-page:deleteContact), as the spec's button. */
  "DELETE /flowcampaign/{id}": { params: IdParams, response: MessageAnswer },
} satisfies RouteGroup;
