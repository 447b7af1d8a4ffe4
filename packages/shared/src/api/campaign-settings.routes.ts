import { CampaignSettingsAnswer, CampaignSettingsBody } from "../campaign-settings.schemas.js";
import type { RouteGroup } from "./contract.js";

/** The company's campaign settings (document 2, /campaigns-config and the settings page's options). */
export const CAMPAIGN_SETTINGS_ROUTES = {
  "GET /campaign-settings": { response: CampaignSettingsAnswer },
  "POST /campaign-settings": { body: CampaignSettingsBody, response: CampaignSettingsAnswer },
} satisfies RouteGroup;
