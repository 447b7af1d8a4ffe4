import {
  Campaign,
  CampaignBody,
  CampaignRecord,
  CampaignsListQuery,
  CampaignsPage,
  CampaignUpdateBody,
  IdParams,
  MessageAnswer,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { readFilePart } from "../../media/upload.js";
import {
  attachCampaignMedia,
  cancelCampaign,
  createCampaign,
  detachCampaignMedia,
  pageCompanyCampaigns,
  removeCampaign,
  restartCampaign,
  showCampaign,
  updateCampaignById,
} from "./campaigns.service.js";

const tags = ["campaigns"];

/** Campaigns are an administration screen (document 2; the plan's campaigns flag gates the menu). */
export function registerCampaignsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Under the plan's campaigns flag, like the menu entries that lead here.
  const admin = auth.adminWithPlan("useCampaigns");
  app.get(
    "/campaigns",
    { onRequest: admin, schema: { tags, querystring: CampaignsListQuery, response: { 200: CampaignsPage } } },
    async (request) => pageCompanyCampaigns(ctx, request.auth, request.query),
  );

  app.get(
    "/campaigns/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: Campaign } } },
    async (request) => showCampaign(ctx, request.auth, request.params.id),
  );

  app.post(
    "/campaigns",
    { onRequest: admin, schema: { tags, body: CampaignBody, response: { 200: CampaignRecord } } },
    async (request) => createCampaign(ctx, request.auth, request.body),
  );

  app.put(
    "/campaigns/:id",
    {
      onRequest: admin,
      schema: { tags, params: IdParams, body: CampaignUpdateBody, response: { 200: CampaignRecord } },
    },
    async (request) => updateCampaignById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/campaigns/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeCampaign(ctx, request.auth, request.params.id);
      return { message: "campaignDeleted" };
    },
  );

  app.post(
    "/campaigns/:id/cancel",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: CampaignRecord } } },
    async (request) => cancelCampaign(ctx, request.auth, request.params.id),
  );

  app.post(
    "/campaigns/:id/restart",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: CampaignRecord } } },
    async (request) => restartCampaign(ctx, request.auth, request.params.id),
  );

  app.post(
    "/campaigns/:id/media-upload",
    {
      onRequest: admin,
      schema: { tags, params: IdParams, consumes: ["multipart/form-data"], response: { 200: CampaignRecord } },
    },
    async (request) => attachCampaignMedia(ctx, request.auth, request.params.id, () => readFilePart(request)),
  );

  app.delete(
    "/campaigns/:id/media-upload",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: CampaignRecord } } },
    async (request) => detachCampaignMedia(ctx, request.auth, request.params.id),
  );
}
