import { setImmediate as nextTurn } from "node:timers/promises";
import { type CampaignSettings, templateSummary } from "@atendo/shared";
import type { ChannelProvider, OutboundTemplate } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { inPool } from "../../jobs/in-pool.js";
import { detectFile } from "../../media/file-kind.js";
import { readCampaignSettings } from "../campaign-settings/campaign-settings.repository.js";
import { contactListAudienceSql } from "../contact-lists/contact-lists.repository.js";
import { fileListFiles } from "../file-lists/file-lists.repository.js";
import { sendToNumber } from "../messages/send.js";
import { tagAudienceSql } from "../tags/tags.repository.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import { findWhatsapp } from "../whatsapps/whatsapps.repository.js";
import { filledVariants, partMessageId, recipientTemplate, renderMessage, variantText } from "./campaign-messages.js";
import {
  type CampaignRow,
  claimDue,
  findCampaign,
  insertAudience,
  markDelivered,
  markFailed,
  moveCampaignStatus,
  nextDue,
  schedulePending,
} from "./campaigns.repository.js";

export type DispatchDeps = Pick<AppContext, "db" | "media" | "realtime" | "log" | "sessions">;

/** Rows one claim takes: a batch's deliveries are written by one statement. */
export const DISPATCH_BATCH = 500;
/**
 * Recipients sent to at once within a batch (each recipient's parts go in order): the bound on
 * the dispatch's sends in flight, so it holds a few of the pool's 20 connections and leaves the
 * rest to requests and other jobs.
 */
export const SEND_CONCURRENCY = 8;
/** A run hands over to the next job after this long, so no job holds a worker for a whole campaign. */
const RUN_BUDGET_MS = 10_000;
/** How long a campaign waits for its connection to come back before looking again. */
export const OFFLINE_RETRY_MS = 30_000;

/**
 * Writes a campaign's recipients and spaces them from `start` by the company's campaign
 * settings, in the caller's transaction (the status change and the dispatch job commit
 * with them). Both are set-based statements: 100,000 recipients never pass through the process.
 */
export async function planCampaign(
  deps: Pick<AppContext, "db">,
  tx: Executor,
  campaign: CampaignRow,
  start: Date,
): Promise<void> {
  const { companyId } = campaign;
  const audience = campaign.contactListId
    ? contactListAudienceSql(companyId, campaign.contactListId)
    : campaign.tagId
      ? tagAudienceSql(companyId, campaign.tagId)
      : undefined;
  if (audience) await insertAudience(tx, companyId, campaign.id, audience, filledVariants(campaign));
  const settings = await readCampaignSettings(deps.db, companyId);
  await schedulePending(tx, companyId, campaign.id, start, settings);
}

interface Part {
  media?: { data: Buffer; fileName: string; mimeType: string };
  /** A file's own text (its caption); the first part's text is the recipient's message. */
  caption?: string;
}

/** What every recipient of this run gets besides the text: the campaign's media, then the file list's files. */
async function loadParts(deps: DispatchDeps, campaign: CampaignRow): Promise<Part[]> {
  const read = (path: string) => deps.media.read(path);
  const first: Part = {};
  if (campaign.mediaPath) {
    const data = await read(campaign.mediaPath);
    const type = await detectFile(data, campaign.mediaName ?? "");
    first.media = { data, fileName: campaign.mediaName ?? campaign.mediaPath, mimeType: type.mimeType };
  }
  const files = campaign.fileListId ? await fileListFiles(deps.db, campaign.companyId, campaign.fileListId) : [];
  const rest: Part[] = [];
  for (const file of files) {
    rest.push({
      media: { data: await read(file.path), fileName: file.mediaName || file.path, mimeType: file.mimeType },
      caption: file.name,
    });
  }
  return [first, ...rest];
}

export type RunOutcome =
  /** Nothing more to do: finished, cancelled, deleted. */
  | { kind: "done"; finished: boolean }
  /** Run again at this moment (the next row's due time, a handover, or a wait for the connection). */
  | { kind: "again"; at: Date };

/**
 * One dispatch run of a campaign: claims the due rows a batch at a time, sends each
 * recipient its parts under ids derived from the row, then records the batch's deliveries.
 * The campaign's queue runs one run at a time, so a row claimed by a run that died is
 * claimed again and sent under the same ids: the network keeps each message once.
 * `onProgress` is called after each recorded batch.
 */
export async function dispatchRun(
  deps: DispatchDeps,
  ids: { companyId: number; campaignId: number },
  onProgress: () => Promise<void>,
): Promise<RunOutcome> {
  const { companyId, campaignId } = ids;
  const deadline = Date.now() + RUN_BUDGET_MS;
  let parts: Part[] | undefined;
  let settings: CampaignSettings | undefined;
  for (;;) {
    const campaign = await findCampaign(deps.db, companyId, campaignId);
    if (campaign?.status !== "EM_ANDAMENTO") return { kind: "done", finished: false };
    const whatsapp = campaign.whatsappId ? await findWhatsapp(deps.db, companyId, campaign.whatsappId) : undefined;
    let provider: ChannelProvider;
    try {
      if (!whatsapp) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
      provider = connectedProvider(deps, whatsapp);
    } catch {
      return { kind: "again", at: new Date(Date.now() + OFFLINE_RETRY_MS) };
    }

    const rows = await claimDue(deps.db, companyId, campaignId, DISPATCH_BATCH);
    if (rows.length === 0) {
      const at = await nextDue(deps.db, companyId, campaignId);
      if (at) return { kind: "again", at };
      const finished = await moveCampaignStatus(deps.db, companyId, campaignId, "EM_ANDAMENTO", {
        status: "FINALIZADA",
        completedAt: new Date(),
      });
      return { kind: "done", finished: Boolean(finished) };
    }

    parts ??= await loadParts(deps, campaign);
    settings ??= await readCampaignSettings(deps.db, companyId);
    const variables = settings.variables;
    const delivered: { id: number; message: string }[] = [];
    const failed: { id: number; error: string }[] = [];
    let paused = false;
    await inPool(rows, SEND_CONCURRENCY, async (row) => {
      if (paused) return;
      const text = renderMessage(variantText(campaign, row.variant), row, variables);
      const template = campaign.template ? recipientTemplate(campaign.template, row, variables) : undefined;
      const sendTemplate = async (chosen: OutboundTemplate) => {
        await sendToNumber(deps, provider, row.number, {
          text: templateSummary(chosen),
          template: chosen,
          messageId: partMessageId(campaignId, row.id, 0),
        });
        delivered.push({ id: row.id, message: templateSummary(chosen) });
      };
      try {
        // Only a template: nothing free to try first.
        if (template && !text.trim() && parts!.every((part) => !part.media)) return await sendTemplate(template);
        for (const [index, part] of parts!.entries()) {
          const body = index === 0 ? text : (part.caption ?? "");
          if (!part.media && !body.trim()) continue;
          await sendToNumber(deps, provider, row.number, {
            text: body,
            ...(part.media ? { media: part.media } : {}),
            messageId: partMessageId(campaignId, row.id, index),
          });
        }
        delivered.push({ id: row.id, message: text });
      } catch (error) {
        const code = error instanceof AppError ? error.code : "ERR_SENDING_WAPP_MSG";
        // The Cloud API's window is closed for this customer (checked before anything left): the template goes instead.
        if (code === "ERR_OUTSIDE_WINDOW" && template) {
          try {
            return await sendTemplate(template);
          } catch (templateError) {
            failed.push({ id: row.id, error: templateError instanceof AppError ? templateError.code : code });
            return;
          }
        }
        // The connection dropped or Meta asks to slow down: the row stays claimed and undelivered, and is
        // sent again (same ids) later.
        if (code === "ERR_WAPP_NOT_INITIALIZED" || code === "ERR_WAPP_RATE_LIMITED") paused = true;
        else failed.push({ id: row.id, error: code });
      }
    });
    await markDelivered(deps.db, companyId, delivered);
    await markFailed(deps.db, companyId, failed);
    await onProgress();
    // The next batch's claim and sends start on a fresh turn, after whatever I/O waited.
    await nextTurn();
    if (paused) return { kind: "again", at: new Date(Date.now() + OFFLINE_RETRY_MS) };
    if (Date.now() >= deadline) return { kind: "again", at: new Date() };
  }
}
