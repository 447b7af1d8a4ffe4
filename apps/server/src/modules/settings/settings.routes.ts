import { SettingKeyParams, SettingSchema, UpdateSettingBody } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { getCompanySettings, updateCompanySetting } from "./settings.service.js";

export function registerSettingsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["settings"];

  app.get(
    "/settings",
    { onRequest: auth.admin, schema: { tags, response: { 200: z.array(SettingSchema) } } },
    async (request) => getCompanySettings(ctx, request.auth.companyId),
  );

  // The key travels in the path; a key in the body (the spec's client sends it too) is ignored.
  app.put(
    "/settings/:key",
    {
      onRequest: auth.admin,
      schema: { tags, params: SettingKeyParams, body: UpdateSettingBody, response: { 200: SettingSchema } },
    },
    async (request) =>
      updateCompanySetting(ctx, request.auth.companyId, { key: request.params.key, value: request.body.value }),
  );
}
