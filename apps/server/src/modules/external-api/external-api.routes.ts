import { EXTERNAL_API_RATE_LIMIT, ExternalSendAnswer, ExternalSendBody } from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import { bearerToken } from "../../http/auth.js";
import { createRateLimiter } from "../auth/rate-limiter.js";
import { outgoingMedias, readSendForm, validationError } from "../messages/messages.upload.js";
import {
  authorizeExternalCall,
  EXTERNAL_API_RATE_WINDOW_SECONDS,
  type ExternalSendInput,
  sendFromExternalApi,
} from "./external-api.service.js";

const tags = ["external api"];

/** JSON `{ number, body }` or multipart `{ number, body, medias }`, validated after the token. */
async function readExternalInput(request: FastifyRequest): Promise<ExternalSendInput> {
  if (request.isMultipart()) {
    const form = await readSendForm(request);
    const fields = ExternalSendBody.safeParse(form.fields);
    if (!fields.success) throw validationError(fields.error.issues);
    return { ...fields.data, medias: await outgoingMedias(form.files) };
  }
  const parsed = ExternalSendBody.safeParse(request.body ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { ...parsed.data, medias: [] };
}

/** Document 2 section 7: sending from other systems with a connection's token instead of a user session. */
export function registerExternalApiRoutes(app: App, ctx: AppContext): void {
  const limiter = createRateLimiter(EXTERNAL_API_RATE_LIMIT, EXTERNAL_API_RATE_WINDOW_SECONDS);

  app.post(
    "/api/messages/send",
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "Bearer: the connection's token. JSON `{ number, body }` or multipart/form-data `{ number, body, medias }`; " +
          "number is digits only with the country code (8 to 15 digits). Needs the plan's useExternalApi; " +
          `${EXTERNAL_API_RATE_LIMIT} calls per minute per token. A ticket it opens starts "open".`,
        consumes: ["application/json", "multipart/form-data"],
        response: { 200: ExternalSendAnswer },
      },
    },
    async (request) => {
      const whatsapp = await authorizeExternalCall(ctx, limiter, bearerToken(request));
      return sendFromExternalApi(ctx, whatsapp, await readExternalInput(request));
    },
  );
}
