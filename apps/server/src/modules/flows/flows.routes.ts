import { finished } from "node:stream/promises";
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
  IdParams,
  MessageAnswer,
} from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  FLOW_MEDIA_MAX_FILES,
  type FlowMediaPart,
  type FlowMediaRoute,
  flowMediaMaxBytes,
  storeFlowMedia,
} from "./flows.media.js";
import {
  createFlow,
  createFlowCampaign,
  duplicateFlow,
  listCompanyFlowCampaigns,
  pageCompanyFlows,
  removeFlow,
  removeFlowCampaign,
  renameFlow,
  saveFlowContent,
  showFlowCampaign,
  showFlowContent,
  updateFlowCampaignById,
} from "./flows.service.js";

const tags = ["flows"];

/**
 * The upload form's parts, one at a time: a file beyond the call's largest limit
 * stops the upload (the multipart plugin answers 413), as do more files than a
 * content sequence holds. The fields (fromMe, body) are not read.
 */
async function* mediaParts(request: FastifyRequest, route: FlowMediaRoute): AsyncIterable<FlowMediaPart> {
  if (!request.isMultipart()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "multipartRequired" }] });
  }
  const parts = request.parts({
    limits: { fileSize: flowMediaMaxBytes(route), files: FLOW_MEDIA_MAX_FILES, fields: 10, fieldSize: 64 * 1024 },
  });
  for await (const part of parts) {
    if (part.type !== "file") {
      yield { type: "field" };
      continue;
    }
    yield {
      type: "file",
      field: part.fieldname,
      fileName: part.filename ?? "",
      read: () => part.toBuffer(),
      discard: () => {
        part.file.resume();
        return finished(part.file);
      },
    };
  }
}

/**
 * The flow list, the builder and phrase campaigns: an administration screen under
 * the plan's campaigns flag (document 2 section 6: "campaigns flag for campaigns
 * and flows"), which the server holds too, so the API does not reach what the
 * menu hides.
 */
export function registerFlowsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const admin = auth.adminWithPlan("useCampaigns");

  app.get(
    "/flowbuilder",
    { onRequest: admin, schema: { tags, querystring: FlowListQuery, response: { 200: FlowsPage } } },
    async (request) => pageCompanyFlows(ctx, request.auth, request.query),
  );

  app.post(
    "/flowbuilder",
    { onRequest: admin, schema: { tags, body: FlowCreateBody, response: { 200: FlowRecord } } },
    async (request) => createFlow(ctx, request.auth, request.body.name),
  );

  app.put(
    "/flowbuilder",
    { onRequest: admin, schema: { tags, body: FlowRenameBody, response: { 200: FlowRecord } } },
    async (request) => renameFlow(ctx, request.auth, request.body.flowId, request.body.name),
  );

  app.delete(
    "/flowbuilder/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeFlow(ctx, request.auth, request.params.id);
      return { message: "flowDeleted" };
    },
  );

  app.post(
    "/flowbuilder/duplicate",
    { onRequest: admin, schema: { tags, body: FlowDuplicateBody, response: { 200: FlowRecord } } },
    async (request) => duplicateFlow(ctx, request.auth, request.body.flowId),
  );

  app.get(
    "/flowbuilder/flow/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: FlowAnswer } } },
    async (request) => showFlowContent(ctx, request.auth, request.params.id),
  );

  app.post(
    "/flowbuilder/flow",
    { onRequest: admin, schema: { tags, body: FlowDocument, response: { 200: FlowAnswer } } },
    async (request) => saveFlowContent(ctx, request.auth, request.body),
  );

  for (const route of ["img", "audio", "content"] as const) {
    app.post(
      `/flowbuilder/${route}`,
      {
        onRequest: admin,
        schema: { tags, consumes: ["multipart/form-data"], response: { 200: FlowMediaUpload } },
      },
      async (request) => storeFlowMedia(ctx, request.auth, route, mediaParts(request, route)),
    );
  }

  app.get(
    "/flowcampaign",
    { onRequest: admin, schema: { tags, response: { 200: FlowCampaignsList } } },
    async (request) => listCompanyFlowCampaigns(ctx, request.auth),
  );

  app.get(
    "/flowcampaign/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: FlowCampaign } } },
    async (request) => showFlowCampaign(ctx, request.auth, request.params.id),
  );

  app.post(
    "/flowcampaign",
    { onRequest: admin, schema: { tags, body: FlowCampaignBody, response: { 200: FlowCampaign } } },
    async (request) => createFlowCampaign(ctx, request.auth, request.body),
  );

  app.put(
    "/flowcampaign",
    { onRequest: admin, schema: { tags, body: FlowCampaignUpdateBody, response: { 200: FlowCampaign } } },
    async (request) => updateFlowCampaignById(ctx, request.auth, request.body),
  );

  app.delete(
    "/flowcampaign/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeFlowCampaign(ctx, request.auth, request.params.id);
      return { message: "flowCampaignDeleted" };
    },
  );
}
