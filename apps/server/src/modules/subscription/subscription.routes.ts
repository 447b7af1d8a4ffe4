import { AsaasWebhookAnswer, AsaasWebhookBody, SubscriptionAnswer, SubscriptionBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { assertWebhookToken, checkout, handlePaymentWebhook } from "./subscription.service.js";

export function registerSubscriptionRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["subscription"];

  app.post(
    "/subscription",
    { onRequest: auth.admin, schema: { tags, body: SubscriptionBody, response: { 200: SubscriptionAnswer } } },
    async (request) => checkout(ctx, request.auth.companyId, request.body),
  );

  // Called by Asaas, authenticated by the token configured on both sides (header asaas-access-token).
  app.post(
    "/subscription/webhook",
    {
      // The token is checked before the body is even validated.
      onRequest: async (request) => {
        const header = request.headers["asaas-access-token"];
        assertWebhookToken(ctx, Array.isArray(header) ? header[0] : header);
      },
      schema: { tags, body: AsaasWebhookBody, response: { 200: AsaasWebhookAnswer } },
    },
    async (request) => handlePaymentWebhook(ctx, request.body),
  );
}
