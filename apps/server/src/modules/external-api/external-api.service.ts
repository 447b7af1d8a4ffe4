import type { ExternalSendAnswer } from "@atendo/shared";
import { AppError } from "../../http/errors.js";
import type { RateLimiter } from "../auth/rate-limiter.js";
import { type OutgoingMessage, type SendDeps, sendTicketMessage } from "../messages/send.js";
import { ticketForNumber } from "../tickets/outbound-ticket.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import { findConnectionByToken } from "./external-api.repository.js";

/** The window of the shared EXTERNAL_API_RATE_LIMIT: calls per connection token per minute. */
export const EXTERNAL_API_RATE_WINDOW_SECONDS = 60;

export type ExternalConnection = NonNullable<Awaited<ReturnType<typeof findConnectionByToken>>>["whatsapp"];

/**
 * The caller is a connection, named by its token: unknown token 401
 * ERR_INVALID_TOKEN, then the per-token rate limit (429), then the plan's
 * useExternalApi flag (403 ERR_NO_PERMISSION).
 */
export async function authorizeExternalCall(
  deps: Pick<SendDeps, "db">,
  limiter: RateLimiter,
  token: string | undefined,
): Promise<ExternalConnection> {
  const found = token ? await findConnectionByToken(deps.db, token) : undefined;
  if (!found) throw new AppError("ERR_INVALID_TOKEN");
  limiter.hit(`token:${found.whatsapp.id}`);
  if (!found.useExternalApi) throw new AppError("ERR_NO_PERMISSION");
  return found.whatsapp;
}

export interface ExternalSendInput {
  number: string;
  body: string;
  medias: NonNullable<OutgoingMessage["media"]>[];
}

/**
 * Sends to a number on the token's connection: finds or creates the contact
 * and its ticket (a ticket the API opens starts "open", with no queue and no
 * attendant), then the one sending path. With several files, one message per
 * file; the answer names the last.
 */
export async function sendFromExternalApi(
  deps: SendDeps,
  whatsapp: ExternalConnection,
  input: ExternalSendInput,
): Promise<ExternalSendAnswer> {
  if (!input.medias.length && !input.body.trim()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.body", message: "required" }] });
  }
  // Checked before the ticket exists, so a call on a connection that is down opens nothing.
  connectedProvider(deps, whatsapp);
  const { ticket } = await deps.db.transaction((tx) => ticketForNumber(tx, whatsapp, input.number));
  const outgoing: OutgoingMessage[] = input.medias.length
    ? input.medias.map((media) => ({ body: input.body, media, userId: null }))
    : [{ body: input.body, userId: null }];
  let messageId = 0;
  for (const message of outgoing) messageId = (await sendTicketMessage(deps, ticket, message)).id;
  return { message: "sent", ticketId: ticket.id, messageId };
}
