import { CampaignSettingsAnswer, CampaignSettingsBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { saveCampaignSettings, showCampaignSettings } from "./campaign-settings.service.js";

const tags = ["campaigns"];

/** Campaign settings are the company's (its admins', like every setting); companyId in a request is ignored. */
export function registerCampaignSettingsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/campaign-settings",
    { onRequest: auth.admin, schema: { tags, response: { 200: CampaignSettingsAnswer } } },
    async (request) => showCampaignSettings(ctx, request.auth),
  );

  app.post(
    "/campaign-settings",
    { onRequest: auth.admin, schema: { tags, body: CampaignSettingsBody, response: { 200: CampaignSettingsAnswer } } },
    async (request) => saveCampaignSettings(ctx, request.auth, request.body),
  );
}
