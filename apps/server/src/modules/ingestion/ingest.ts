import type { MediaType } from "@atendo/shared";
import { enqueueInboundStep, inboundStepJob } from "../../automation/automation.jobs.js";
import { startBotClock } from "../../automation/chatbot/chatbot.jobs.js";
import { inboundStepOf } from "../../automation/inbound-step.js";
import type { InboundMessage, ProviderAck } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { retryTransientConflicts } from "../../db/errors.js";
import { type ContactRow, findContact, upsertContact } from "../contacts/contacts.repository.js";
import { contactPayload } from "../contacts/contacts.serializers.js";
import { noteAck, settleAck } from "../messages/early-acks.js";
import { insertInboundOnTicket } from "../messages/message-on-ticket.repository.js";
import {
  advanceMessageAcksForEvent,
  insertInboundMessage,
  type MessageRow,
  messageIdByProviderId,
  recordSendError,
} from "../messages/messages.repository.js";
import { messagePayload } from "../messages/messages.serializers.js";
import { getSetting } from "../settings/settings.repository.js";
import { emitNewMessage, emitTicketMessage } from "../tickets/tickets.events.js";
import { startInboundClocks } from "../tickets/tickets.jobs.js";
import { joinsRatingRequest, recordRating } from "../tickets/tickets.ratings.js";
import {
  findActiveOrNewestTicket,
  findTicketRow,
  insertTicketWithRelations,
  type TicketRelations,
  type TicketRow,
} from "../tickets/tickets.repository.js";
import { ticketPayload } from "../tickets/tickets.serializers.js";

export type IngestDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "jobs" | "config">;

export type IngestResult =
  | { duplicate: true }
  | { skipped: "group" }
  | { duplicate: false; message: MessageRow; ticket: TicketRow; contact: ContactRow; ticketCreated: boolean };

/** Thrown inside the transaction to roll back a redelivery (a ticket it may have opened included). */
class Duplicate extends Error {}

const MAPS_ZOOM = 15;

/**
 * "<image>|<maps link>|<description>" (document 1, message list). Without a
 * thumbnail from the network, the image is the OpenStreetMap tile holding the point.
 */
export function locationBody(location: NonNullable<InboundMessage["location"]>): string {
  const { lat, lng } = location;
  const image = location.thumbnailUrl ?? osmTileUrl(lat, lng, MAPS_ZOOM);
  const link = `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR`;
  return `${image}|${link}|${location.description ?? ""}`;
}

function osmTileUrl(lat: number, lng: number, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `https://tile.openstreetmap.org/${zoom}/${x}/${y}.png`;
}

function bodyAndType(message: InboundMessage): { body: string; mediaType: MediaType } {
  if (message.location) return { body: locationBody(message.location), mediaType: "locationMessage" };
  if (message.vcard) return { body: message.vcard, mediaType: "vcard" };
  if (message.call) return { body: message.body, mediaType: "call_log" };
  if (message.media) return { body: message.body || message.media.fileName, mediaType: message.media.type };
  return { body: message.body, mediaType: "chat" };
}

/** What the ticket list shows for the last message. */
function lastMessageOf(body: string, mediaType: MediaType, mediaName: string | null): string {
  if (mediaType === "locationMessage") return body.split("|")[2] || "Localização";
  if (mediaType === "vcard") return /FN:(.*)/.exec(body)?.[1]?.trim() ?? "Contato";
  return body || mediaName || "";
}

/**
 * The ticket an inbound message joins: the contact's active ticket on the connection or, when the
 * newest one is closed and waiting for a rating and the message is a rating, that one (one query).
 */
async function existingTicket(
  tx: Executor,
  companyId: number,
  contactId: number,
  whatsappId: number,
  body: string,
): Promise<TicketRow | undefined> {
  const row = await findActiveOrNewestTicket(tx, companyId, contactId, whatsappId);
  if (!row) return undefined;
  if (row.status === "open" || row.status === "pending") return row;
  return (await joinsRatingRequest(tx, row, body)) ? row : undefined;
}

/**
 * The one write path for inbound messages, whatever the provider: contact,
 * ticket, message and counters in one transaction, idempotent on the provider
 * id, with the timers and the automation step the message starts. It resolves
 * after the commit and the message's events, so a provider acknowledges only
 * then, and never waits for the automation (the chatbot runs from its step).
 */
export async function ingestInbound(
  deps: IngestDeps,
  whatsapp: { id: number; companyId: number },
  message: InboundMessage,
): Promise<IngestResult> {
  const { companyId } = whatsapp;
  if (message.group && (await getSetting(deps.db, companyId, "CheckMsgIsGroup")) === "enabled") {
    return { skipped: "group" };
  }
  // Cheap pre-check so a redelivered media message does not store its file twice. Without media
  // the insert's ON CONFLICT finds the redelivery (Duplicate below rolls the transaction back).
  if (message.media && (await messageIdByProviderId(deps.db, companyId, whatsapp.id, message.providerId)) !== undefined)
    return { duplicate: true };

  const stored = message.media
    ? await deps.media.save(companyId, { data: message.media.data, originalName: message.media.fileName })
    : undefined;
  const { body, mediaType } = bodyAndType(message);
  const mediaName = stored?.name ?? null;
  const lastMessage = lastMessageOf(body, mediaType, mediaName);

  let result: Exclude<IngestResult, { duplicate: true } | { skipped: "group" }>;
  let relations: TicketRelations;
  let stepped = false;
  try {
    // A deadlock with an automation step that holds the ticket (see integrations.repository.ts) rolls
    // this back: the message is written again rather than lost.
    ({ result, relations } = await retryTransientConflicts(() =>
      deps.db.transaction(async (tx) => {
        const { contact, created } = message.group
          ? await upsertContact(tx, companyId, {
              number: message.group.id,
              name: message.group.name,
              isGroup: true,
            })
          : await upsertContact(tx, companyId, {
              number: message.from,
              name: message.name?.trim() || message.from,
              isGroup: false,
            });
        // A contact this transaction created has no ticket yet.
        const ticket = created ? undefined : await existingTicket(tx, companyId, contact.id, whatsapp.id, body);
        const ticketCreated = !ticket;
        // A new ticket is written with its first message's counters; an existing one is touched by the
        // statement that writes the message (insertInboundOnTicket).
        const inserted = ticket
          ? undefined
          : await insertTicketWithRelations(tx, {
              companyId,
              contactId: contact.id,
              whatsappId: whatsapp.id,
              status: "pending",
              isGroup: contact.isGroup,
              lastMessage,
              unreadMessages: 1,
              updatedAt: new Date(),
            });
        const ticketId = ticket?.id ?? inserted!.ticket.id;
        const quotedMsgId = message.quotedProviderId
          ? await messageIdByProviderId(tx, companyId, whatsapp.id, message.quotedProviderId)
          : undefined;
        const values = {
          companyId,
          ticketId,
          contactId: contact.id,
          whatsappId: whatsapp.id,
          providerId: message.providerId,
          body,
          fromMe: false,
          mediaType,
          mediaUrl: stored?.path ?? null,
          mediaName,
          ack: 0,
          quotedMsgId: quotedMsgId ?? null,
          participant: message.group ? (message.participantName ?? message.name ?? message.from).slice(0, 100) : null,
          createdAt: new Date(message.timestamp),
        };
        const written = inserted
          ? await insertInboundMessage(tx, values).then((row) => row && { ...inserted, message: row })
          : await insertInboundOnTicket(tx, values, lastMessage);
        if (!written) throw new Duplicate();
        const { message: row, ...updated } = written;
        // Timeouts (expiresTicket, timeUseBotQueues, timeToTransfer) commit with the message that starts them.
        const clock = { ticket: updated.ticket, at: row.createdAt, connection: updated.connection };
        await startInboundClocks(deps, tx, { ...clock, ticketCreated });
        await startBotClock(deps, tx, clock);
        // The answer to a closed ticket's rating request (see existingTicket above) is stored with it.
        const rated =
          updated.ticket.status === "closed" && (await recordRating(tx, updated.ticket, body)) !== undefined;
        // So is the step that runs the automation after the commit: a crash in between cannot skip it.
        const step = inboundStepOf({
          ticket: updated.ticket,
          connection: updated.connection,
          message: row,
          rated,
          opened: ticketCreated,
        });
        if (step) {
          await enqueueInboundStep(deps, tx, step);
          stepped = true;
        }
        return {
          result: { duplicate: false as const, message: row, ticket: updated.ticket, contact, ticketCreated },
          relations: updated.relations,
        };
      }),
    ));
  } catch (error) {
    if (stored) await deps.media.remove(stored.path).catch(() => undefined);
    if (error instanceof Duplicate) return { duplicate: true };
    throw error;
  }

  const ticket = ticketPayload(result.ticket, result.contact, relations);
  // Only the sockets allowed to see the ticket (its queue, its user, admins, allTicket while pending).
  await emitNewMessage(deps, result.ticket, {
    message: messagePayload(deps.media, result.message, result.contact),
    ticket,
    contact: contactPayload(result.contact),
  });
  // After the message's events, so the automation's answers follow it; without polling delay when
  // this process runs the step's workers (another process's poll finds it otherwise).
  if (stepped) deps.jobs.wake(inboundStepJob);
  return result;
}

/**
 * Acks reported by the provider for messages the company sent, in one statement however many:
 * every message sent gets two or three, and the flow bench's campaigns send hundreds a second.
 * Answers the messages that moved.
 */
export async function applyAcks(
  deps: IngestDeps,
  whatsapp: { id: number; companyId: number },
  acks: ProviderAck[],
): Promise<MessageRow[]> {
  // Noted before any await: the sending path may not have committed these messages yet (early-acks.ts).
  const highest = new Map<string, number>();
  for (const { providerId, ack } of acks) {
    noteAck(deps.db, whatsapp.id, providerId, ack);
    // A batch may hold one message's delivered and read: only the highest moves it.
    if (ack > (highest.get(providerId) ?? 0)) highest.set(providerId, ack);
  }
  // Sorted, so two batches sharing messages (a read while the delivered acks are applied) lock rows in
  // the same order; a deadlock in spite of it rolls back the statement, which is then run again.
  const reported = [...highest]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([providerId, ack]) => ({ providerId, ack }));
  const acked = await retryTransientConflicts(() => advanceMessageAcksForEvent(deps.db, whatsapp, reported));
  for (const { message } of acked) settleAck(deps.db, whatsapp.id, message.providerId!);
  for (const { message, ticket, contact } of acked) {
    if (!ticket) continue;
    await emitTicketMessage(deps, ticket, {
      action: "update",
      message: messagePayload(deps.media, message, contact ?? undefined),
    });
  }
  return acked.map(({ message }) => message);
}

/** A message the network took and then refused (a Cloud API "failed" status): it shows the error. */
export async function applySendFailure(
  deps: IngestDeps,
  whatsapp: { id: number; companyId: number },
  providerId: string,
  error: string,
): Promise<MessageRow | undefined> {
  const row = await recordSendError(deps.db, whatsapp.id, providerId, error);
  if (!row || row.companyId !== whatsapp.companyId) return undefined;
  const [contact, ticket] = await Promise.all([
    row.contactId ? findContact(deps.db, row.companyId, row.contactId) : undefined,
    findTicketRow(deps.db, row.companyId, row.ticketId),
  ]);
  if (ticket) {
    await emitTicketMessage(deps, ticket, { action: "update", message: messagePayload(deps.media, row, contact) });
  }
  return row;
}
