import { Help, HelpBody, HelpsPage, HelpUpdateBody, IdParams, ListQuery, MessageAnswer } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createHelp, deleteHelp, listHelps, pageHelps, updateHelp } from "./helps.service.js";

export function registerHelpsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["helps"];

  app.get(
    "/helps",
    { onRequest: auth.user, schema: { tags, querystring: ListQuery, response: { 200: HelpsPage } } },
    async (request) => pageHelps(ctx, request.query),
  );

  app.get("/helps/list", { onRequest: auth.user, schema: { tags, response: { 200: z.array(Help) } } }, async () =>
    listHelps(ctx),
  );

  app.post(
    "/helps",
    { onRequest: auth.super, schema: { tags, body: HelpBody, response: { 200: Help } } },
    async (request) => createHelp(ctx, request.body),
  );

  app.put(
    "/helps/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, body: HelpUpdateBody, response: { 200: Help } } },
    async (request) => updateHelp(ctx, request.params.id, request.body),
  );

  app.delete(
    "/helps/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await deleteHelp(ctx, request.params.id);
      return { message: "Help deleted" };
    },
  );
}
