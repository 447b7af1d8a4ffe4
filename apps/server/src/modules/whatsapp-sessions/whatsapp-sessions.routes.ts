import { IdParams, MessageAnswer } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { disconnectSession, renewQr, retrySession } from "./whatsapp-sessions.service.js";

const tags = ["whatsappsession"];
const schema = { tags, params: IdParams, response: { 200: MessageAnswer } };

export function registerWhatsappSessionsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.post("/whatsappsession/:id", { onRequest: auth.admin, schema }, async (request) => {
    await retrySession(ctx, request.auth, request.params.id);
    return { message: "Starting session." };
  });

  app.put("/whatsappsession/:id", { onRequest: auth.admin, schema }, async (request) => {
    await renewQr(ctx, request.auth, request.params.id);
    return { message: "Starting session." };
  });

  app.delete("/whatsappsession/:id", { onRequest: auth.admin, schema }, async (request) => {
    await disconnectSession(ctx, request.auth, request.params.id);
    return { message: "Session disconnected." };
  });
}
