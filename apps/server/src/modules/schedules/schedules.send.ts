import { type ErrorCode, isErrorCode, templateSummary } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { detectFile } from "../../media/file-kind.js";
import { findSendingConnection } from "../messages/messages.repository.js";
import type { OutgoingMessage } from "../messages/send.js";
import { ticketForContact } from "../tickets/outbound-ticket.js";
import { findTicketRow } from "../tickets/tickets.repository.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import { emitSchedule, toSchedule } from "./schedules.events.js";
import {
  claimSchedule,
  findScheduleWithRelations,
  markInterrupted,
  recordSendResult,
  type ScheduleRow,
  type ScheduleSendRef,
} from "./schedules.repository.js";

type SendDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "sendMessage">;

/**
 * The send job's handler: at most one message per schedule, however many runs there are.
 *
 * 1. Take the schedule (PENDENTE → ENVIANDO) in one statement, only for the job of its current
 *    version and only once it is due: two workers, a duplicate job, or an outdated one (the
 *    schedule was moved or deleted) find nothing to take and stop.
 * 2. Send through the one sending path, on the contact's open ticket or a new one; the schedule
 *    is marked ENVIADA in the transaction that stores the sent message.
 * 3. A failure before the message left marks it ERRO with the sending path's code.
 *
 * A run that finds its own version already taken is pg-boss retrying a run that stopped in
 * between (its process died, or it could not record the result): the message may have left, so
 * it is marked ERRO ERR_SCHEDULE_INTERRUPTED instead of being sent a second time.
 */
export async function sendDueSchedule(deps: SendDeps, ref: ScheduleSendRef): Promise<void> {
  const claimed = await claimSchedule(deps.db, ref);
  if (!claimed) {
    if (await markInterrupted(deps.db, ref)) {
      deps.log.warn({ scheduleId: ref.scheduleId }, "schedule send interrupted: not sent again");
      await announce(deps, ref);
    }
    return;
  }
  const outcome = await deliver(deps, ref, claimed);
  if (outcome !== "recorded") await recordSendResult(deps.db, ref, outcome);
  await announce(deps, ref);
}

type Outcome =
  | "recorded"
  | { status: "ENVIADA"; sentAt: Date; ticketId: number | null }
  | { status: "ERRO"; errorCode: ErrorCode };

async function deliver(deps: SendDeps, ref: ScheduleSendRef, schedule: ScheduleRow): Promise<Outcome> {
  const { companyId } = schedule;
  let ticketId: number | null = null;
  try {
    // The connection of the ticket it was scheduled from, else the company's default one.
    const origin = schedule.ticketId === null ? undefined : await findTicketRow(deps.db, companyId, schedule.ticketId);
    const whatsapp = await findSendingConnection(deps.db, companyId, origin?.whatsappId ?? null);
    if (!whatsapp) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
    // Checked before the ticket exists, so a send on a connection that is down opens nothing.
    connectedProvider(deps, whatsapp);
    const media = await storedMedia(deps, schedule);
    const { ticket } = await deps.db.transaction((tx) => ticketForContact(tx, whatsapp, schedule.contactId));
    ticketId = ticket.id;
    const recordSent = async (tx: Executor) => {
      await recordSendResult(tx, ref, { status: "ENVIADA", sentAt: new Date(), ticketId: ticket.id });
    };
    try {
      await deps.sendMessage(deps, ticket, {
        body: schedule.body,
        ...(media ? { media } : {}),
        userId: schedule.userId,
        recordSent,
      });
    } catch (error) {
      // The Cloud API's 24-hour window is closed for this contact (refused before anything left):
      // the schedule's template goes instead, its values as the message list shows them.
      if (!(error instanceof AppError && error.code === "ERR_OUTSIDE_WINDOW" && schedule.template)) throw error;
      await deps.sendMessage(deps, ticket, {
        body: templateSummary(schedule.template),
        template: schedule.template,
        userId: schedule.userId,
        recordSent,
      });
    }
    return "recorded";
  } catch (error) {
    const code = error instanceof AppError && isErrorCode(error.code) ? error.code : "ERR_SENDING_WAPP_MSG";
    // The provider took the message, only storing it failed: it was sent.
    if (code === "ERR_CREATING_MESSAGE") return { status: "ENVIADA", sentAt: new Date(), ticketId };
    if (!(error instanceof AppError)) deps.log.error({ err: error, scheduleId: schedule.id }, "schedule send failed");
    return { status: "ERRO", errorCode: code };
  }
}

/** The attached image, read back from storage and typed by its bytes. */
async function storedMedia(
  deps: Pick<AppContext, "media">,
  schedule: ScheduleRow,
): Promise<OutgoingMessage["media"] | undefined> {
  if (!schedule.mediaPath) return undefined;
  const data = await deps.media.read(schedule.mediaPath);
  const fileName = schedule.mediaName ?? schedule.mediaPath.split("/").pop() ?? "image";
  return { data, fileName, mimeType: (await detectFile(data, fileName)).mimeType };
}

/** The schedule's new state to open calendars; the send is done whatever happens here. */
async function announce(deps: SendDeps, ref: ScheduleSendRef): Promise<void> {
  try {
    const row = await findScheduleWithRelations(deps.db, ref.companyId, ref.scheduleId);
    if (row) emitSchedule(deps, ref.companyId, { action: "update", schedule: toSchedule(deps.media, row) });
  } catch (error) {
    deps.log.error({ err: error, scheduleId: ref.scheduleId }, "schedule event failed");
  }
}
