import { IdParams, MessageAnswer, Whatsapp, WhatsappBody, WhatsappListQuery, WhatsappUpdateBody } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  createWhatsapp,
  listCompanyWhatsapps,
  removeWhatsapp,
  showWhatsapp,
  updateWhatsappById,
} from "./whatsapps.service.js";

const tags = ["whatsapp"];

/** Connections CRUD; the provider session calls (/whatsappsession) live with the provider layer. */
export function registerWhatsappsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Attendants need the list too: new-ticket and transfer dialogs pick a connection.
  app.get(
    "/whatsapp",
    { onRequest: auth.user, schema: { tags, querystring: WhatsappListQuery, response: { 200: z.array(Whatsapp) } } },
    async (request) => listCompanyWhatsapps(ctx, request.auth, request.query),
  );

  app.get(
    "/whatsapp/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Whatsapp } } },
    async (request) => showWhatsapp(ctx, request.auth, request.params.id),
  );

  app.post(
    "/whatsapp",
    { onRequest: auth.admin, schema: { tags, body: WhatsappBody, response: { 200: Whatsapp } } },
    async (request) => createWhatsapp(ctx, request.auth, request.body),
  );

  app.put(
    "/whatsapp/:id",
    {
      onRequest: auth.admin,
      schema: { tags, params: IdParams, body: WhatsappUpdateBody, response: { 200: Whatsapp } },
    },
    async (request) => updateWhatsappById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/whatsapp/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeWhatsapp(ctx, request.auth, request.params.id);
      return { message: "whatsappDeleted" };
    },
  );
}
