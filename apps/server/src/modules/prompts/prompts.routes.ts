import { IdParams, MessageAnswer, Prompt, PromptBody, PromptsList, PromptUpdateBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createPrompt, listCompanyPrompts, removePrompt, showPrompt, updatePromptById } from "./prompts.service.js";

const tags = ["prompts"];

/**
 * AI prompts: an administration screen of plans with the useOpenAi flag (document 2 section 6).
 * The list alone is for every admin: the connection and queue forms, which every plan has,
 * choose a prompt from it (a company whose plan lost the flag still sees the prompts it has).
 */
export function registerPromptsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const withPlan = auth.adminWithPlan("useOpenAi");

  app.get("/prompt", { onRequest: auth.admin, schema: { tags, response: { 200: PromptsList } } }, async (request) =>
    listCompanyPrompts(ctx, request.auth),
  );

  app.get(
    "/prompt/:id",
    { onRequest: withPlan, schema: { tags, params: IdParams, response: { 200: Prompt } } },
    async (request) => showPrompt(ctx, request.auth, request.params.id),
  );

  app.post(
    "/prompt",
    { onRequest: withPlan, schema: { tags, body: PromptBody, response: { 200: Prompt } } },
    async (request) => createPrompt(ctx, request.auth, request.body),
  );

  app.put(
    "/prompt/:id",
    { onRequest: withPlan, schema: { tags, params: IdParams, body: PromptUpdateBody, response: { 200: Prompt } } },
    async (request) => updatePromptById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/prompt/:id",
    { onRequest: withPlan, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removePrompt(ctx, request.auth, request.params.id);
      return { message: "promptDeleted" };
    },
  );
}
