import {
  Campaign,
  CampaignBody,
  CampaignRecord,
  CampaignsListQuery,
  CampaignsPage,
  CampaignUpdateBody,
} from "../campaigns.schemas.js";
import { IdParams, MessageAnswer } from "../common.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Campaigns (document 2 section 7). */
export const CAMPAIGNS_ROUTES = {
  "GET /campaigns": { query: CampaignsListQuery, response: CampaignsPage },
  "GET /campaigns/{id}": { params: IdParams, response: Campaign },
  "POST /campaigns": { body: CampaignBody, response: CampaignRecord },
  "PUT /campaigns/{id}": { params: IdParams, body: CampaignUpdateBody, response: CampaignRecord },
  "DELETE /campaigns/{id}": { params: IdParams, response: MessageAnswer },
  "POST /campaigns/{id}/cancel": { params: IdParams, response: CampaignRecord },
  "POST /campaigns/{id}/restart": { params: IdParams, response: CampaignRecord },
  /** The `file` part: an image, audio, video or document, typed by its bytes. */
  "POST /campaigns/{id}/media-upload": { params: IdParams, multipart: true, response: CampaignRecord },
  "DELETE /campaigns/{id}/media-upload": { params: IdParams, response: CampaignRecord },
} satisfies RouteGroup;
