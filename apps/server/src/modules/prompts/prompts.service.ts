import {
  companyEvent,
  type Prompt,
  type PromptBody,
  type PromptEventPayload,
  type PromptRecord,
  type PromptsList,
  type PromptUpdateBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { maskSecret } from "../../secrets/secrets.js";
import {
  companyHasQueue,
  deletePrompt,
  findPrompt,
  insertPrompt,
  listPrompts,
  type PromptValues,
  type PromptWithQueue,
  updatePrompt,
} from "./prompts.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "secrets" | "log">;

const notFound = () => new AppError("ERR_NOT_FOUND");

/**
 * The mask an answer shows for a stored (sealed) key. A key that cannot be opened (sealed under
 * another secrets key) shows as none, so the admin is led to type it again; the answer never fails on it.
 */
function storedMask(deps: Deps, row: PromptWithQueue, sealed: string): string {
  if (!sealed) return "";
  try {
    return maskSecret(deps.secrets.open(sealed));
  } catch {
    deps.log.warn({ companyId: row.companyId, promptId: row.id }, "a prompt's stored key cannot be opened");
    return "";
  }
}

function toRecord(row: PromptWithQueue): PromptRecord {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    model: row.model,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    queueId: row.queueId,
    queue: row.queueId !== null && row.queueName !== null ? { id: row.queueId, name: row.queueName } : null,
    maxMessages: row.maxMessages,
    voice: row.voice,
    voiceRegion: row.voiceRegion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPrompt(deps: Deps, row: PromptWithQueue): Prompt {
  return {
    ...toRecord(row),
    apiKey: storedMask(deps, row, row.apiKey),
    voiceKey: storedMask(deps, row, row.voiceKey),
  };
}

/** After the commit: every socket of the company hears it, so the payload carries no key. */
function emit(deps: Deps, companyId: number, payload: PromptEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.prompt(companyId), payload);
}

/** A key as sent: empty, or the mask the answer showed, keeps the stored one; anything else is sealed. */
function nextKey(deps: Deps, sent: string, current: { row: PromptWithQueue; sealed: string }): string {
  if (sent === "" || sent === storedMask(deps, current.row, current.sealed)) return current.sealed;
  return deps.secrets.seal(sent);
}

function promptValues(body: PromptBody | PromptUpdateBody): Omit<PromptValues, "apiKey" | "voiceKey"> {
  return {
    name: body.name,
    prompt: body.prompt,
    model: body.model,
    maxTokens: body.maxTokens,
    temperature: body.temperature,
    queueId: body.queueId,
    maxMessages: body.maxMessages,
    voice: body.voice,
    voiceRegion: body.voiceRegion,
  };
}

async function loadPrompt(deps: Deps, companyId: number, id: number): Promise<PromptWithQueue> {
  const row = await findPrompt(deps.db, companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function listCompanyPrompts(deps: Deps, actor: AuthSession): Promise<PromptsList> {
  const rows = await listPrompts(deps.db, actor.companyId);
  return { prompts: rows.map((row) => toPrompt(deps, row)) };
}

export async function showPrompt(deps: Deps, actor: AuthSession, id: number): Promise<Prompt> {
  return toPrompt(deps, await loadPrompt(deps, actor.companyId, id));
}

/** The queue must be the company's (404 otherwise, as for every foreign id); the keys are stored sealed. */
export async function createPrompt(deps: Deps, actor: AuthSession, body: PromptBody): Promise<Prompt> {
  const { companyId } = actor;
  if (!(await companyHasQueue(deps.db, companyId, body.queueId))) throw notFound();
  const id = await insertPrompt(deps.db, companyId, {
    ...promptValues(body),
    apiKey: deps.secrets.seal(body.apiKey),
    voiceKey: body.voiceKey ? deps.secrets.seal(body.voiceKey) : "",
  });
  const row = await loadPrompt(deps, companyId, id);
  emit(deps, companyId, { action: "create", prompt: toRecord(row) });
  return toPrompt(deps, row);
}

/** The whole form again; a key left empty or sent back as its mask stays as stored. */
export async function updatePromptById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: PromptUpdateBody,
): Promise<Prompt> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    const current = await findPrompt(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    if (!(await companyHasQueue(tx, companyId, body.queueId))) throw notFound();
    await updatePrompt(tx, companyId, id, {
      ...promptValues(body),
      apiKey: nextKey(deps, body.apiKey, { row: current, sealed: current.apiKey }),
      voiceKey: nextKey(deps, body.voiceKey, { row: current, sealed: current.voiceKey }),
    });
  });
  const row = await loadPrompt(deps, companyId, id);
  emit(deps, companyId, { action: "update", prompt: toRecord(row) });
  return toPrompt(deps, row);
}

/** Connections, queues and tickets that used it lose it (set null); nothing else goes with it. */
export async function removePrompt(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  if (!(await deletePrompt(deps.db, companyId, id))) throw notFound();
  emit(deps, companyId, { action: "delete", promptId: id });
}
