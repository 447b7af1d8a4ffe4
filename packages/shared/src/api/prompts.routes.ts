import { IdParams, MessageAnswer } from "../common.schemas.js";
import { Prompt, PromptBody, PromptsList, PromptUpdateBody } from "../prompts.schemas.js";
import type { RouteGroup } from "./contract.js";

/** AI prompts (document 2, /prompts): the keys travel in, and only their masks come back. */
export const PROMPTS_ROUTES = {
  "GET /prompt": { response: PromptsList },
  "GET /prompt/{id}": { params: IdParams, response: Prompt },
  "POST /prompt": { body: PromptBody, response: Prompt },
  "PUT /prompt/{id}": { params: IdParams, body: PromptUpdateBody, response: Prompt },
  "DELETE /prompt/{id}": { params: IdParams, response: MessageAnswer },
} satisfies RouteGroup;
