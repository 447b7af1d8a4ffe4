import { randomUUID } from "node:crypto";
import {
  companyEvent,
  type DialogflowServiceAccount,
  isSecretMask,
  isSignedIntegrationType,
  PAGE_SIZE,
  parseServiceAccount,
  projectNameIsName,
  type QueueIntegration,
  type QueueIntegrationBody,
  type QueueIntegrationEventPayload,
  type QueueIntegrationSaved,
  type QueueIntegrationsPage,
  type QueueIntegrationTestAnswer,
  type QueueIntegrationTestBody,
  type QueueIntegrationUpdateBody,
  type SigningSecretAnswer,
  TYPEBOT_DEFAULTS,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { createDialogflowClient, DialogflowError } from "../../integrations/dialogflow.js";
import { checkOutboundUrl, OutboundRefused } from "../../integrations/outbound-url.js";
import { startTypebotSession, TypebotError } from "../../integrations/typebot.js";
import { generateSigningSecret } from "../../integrations/webhook-signature.js";
import { maskSecret } from "../../secrets/secrets.js";
import {
  deleteQueueIntegration,
  findQueueIntegration,
  insertQueueIntegration,
  lockCompanyFlow,
  pageQueueIntegrations,
  type QueueIntegrationRow,
  type QueueIntegrationValues,
  updateQueueIntegration,
} from "./queue-integrations.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "secrets" | "config" | "log">;

const notFound = () => new AppError("ERR_NOT_FOUND");
const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message }] });

/**
 * The mask an answer shows for the stored service account. One that cannot be opened (sealed
 * under another secrets key) shows as none, so the admin is led to paste it again.
 */
function storedMask(deps: Deps, row: QueueIntegrationRow): string {
  if (!row.jsonContent) return "";
  try {
    return maskSecret(deps.secrets.open(row.jsonContent));
  } catch {
    deps.log.warn(
      { companyId: row.companyId, queueIntegrationId: row.id },
      "an integration's stored key cannot be opened",
    );
    return "";
  }
}

function toRecord(deps: Deps, row: QueueIntegrationRow): QueueIntegration {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    projectName: row.projectName,
    jsonContent: storedMask(deps, row),
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    flowId: row.flowId,
    hasSigningSecret: row.signingSecret !== "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function emit(deps: Deps, companyId: number, payload: QueueIntegrationEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.queueIntegration(companyId), payload);
}

/** A service account as sent: "" or the mask keeps the stored one (sealed as it is); a new one is sealed. */
function nextJsonContent(deps: Deps, sent: string, stored: string): string {
  if (sent === "" || isSecretMask(sent)) return stored;
  return deps.secrets.seal(sent);
}

/**
 * What is stored for the body's type: its own fields, and the defaults for the fields of the
 * other types, so a type change leaves nothing of the old one behind. `sealedJson` is the
 * service account to keep (dialogflow only); the signing key is the caller's.
 */
function storedValues(body: QueueIntegrationBody, sealedJson: string, signingSecret: string): QueueIntegrationValues {
  const { type } = body;
  const typebot = type === "typebot";
  return {
    type,
    name: body.name,
    projectName: projectNameIsName(type) ? body.name : body.projectName,
    jsonContent: type === "dialogflow" ? sealedJson : "",
    language: type === "dialogflow" ? body.language : "",
    urlN8N: type === "n8n" || type === "webhook" || typebot ? body.urlN8N : "",
    typebotSlug: typebot ? body.typebotSlug : "",
    typebotExpires: typebot ? body.typebotExpires : TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: typebot ? body.typebotDelayMessage : TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: typebot ? body.typebotKeywordFinish : "",
    typebotKeywordRestart: typebot ? body.typebotKeywordRestart : "",
    typebotUnknownMessage: typebot ? body.typebotUnknownMessage : "",
    typebotRestartMessage: typebot ? body.typebotRestartMessage : "",
    flowId: type === "flowbuilder" ? body.flowId : null,
    signingSecret: isSignedIntegrationType(type) ? signingSecret : "",
  };
}

/**
 * The URL the server will call (n8n, webhook, typebot) must not be on its own network unless
 * REMOTE_PRIVATE_TARGETS allows it: said on save, where the admin sees it, rather than only
 * when a delivery is refused. Checked again at each call (the name may resolve elsewhere later).
 */
async function checkTarget(deps: Deps, body: QueueIntegrationBody): Promise<void> {
  if (body.type !== "n8n" && body.type !== "webhook" && body.type !== "typebot") return;
  try {
    await checkOutboundUrl(body.urlN8N, deps.config.REMOTE_PRIVATE_TARGETS);
  } catch (error) {
    if (error instanceof OutboundRefused) throw invalid("body.urlN8N", error.reason);
    throw error;
  }
}

/** A flowbuilder integration's flow must be the company's: another company's answers 404 like a missing one. */
async function checkFlow(tx: Executor, companyId: number, body: QueueIntegrationBody): Promise<void> {
  if (body.type !== "flowbuilder" || body.flowId === null) return;
  if (!(await lockCompanyFlow(tx, companyId, body.flowId))) throw notFound();
}

export async function pageCompanyQueueIntegrations(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<QueueIntegrationsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageQueueIntegrations(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    queueIntegrations: rows.map((row) => toRecord(deps, row)),
    count,
    hasMore: count > offset + rows.length,
  };
}

export async function showQueueIntegration(deps: Deps, actor: AuthSession, id: number): Promise<QueueIntegration> {
  const row = await findQueueIntegration(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return toRecord(deps, row);
}

/** n8n and webhook integrations get their signing key here, answered this once. */
export async function createQueueIntegration(
  deps: Deps,
  actor: AuthSession,
  body: QueueIntegrationBody,
): Promise<QueueIntegrationSaved> {
  const { companyId } = actor;
  const signingSecret = isSignedIntegrationType(body.type) ? generateSigningSecret() : "";
  const sealedJson = body.type === "dialogflow" ? nextJsonContent(deps, body.jsonContent, "") : "";
  await checkTarget(deps, body);
  const row = await deps.db.transaction(async (tx) => {
    await checkFlow(tx, companyId, body);
    const sealedSecret = signingSecret ? deps.secrets.seal(signingSecret) : "";
    return insertQueueIntegration(tx, companyId, storedValues(body, sealedJson, sealedSecret));
  });
  const record = toRecord(deps, row);
  emit(deps, companyId, { action: "create", queueIntegration: record });
  return signingSecret ? { ...record, signingSecret } : record;
}

/**
 * The whole dialog again. A service account left empty or sent as its mask stays as stored (a
 * dialogflow integration must keep one); an n8n or webhook integration keeps its signing key,
 * and one that becomes n8n or webhook gets a key, answered this once.
 */
export async function updateQueueIntegrationById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: QueueIntegrationUpdateBody,
): Promise<QueueIntegrationSaved> {
  const { companyId } = actor;
  let madeSecret = "";
  await checkTarget(deps, body);
  const row = await deps.db.transaction(async (tx) => {
    const current = await findQueueIntegration(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    await checkFlow(tx, companyId, body);
    const sealedJson = body.type === "dialogflow" ? nextJsonContent(deps, body.jsonContent, current.jsonContent) : "";
    if (body.type === "dialogflow" && !sealedJson) throw invalid("body.jsonContent", "required");
    let sealedSecret = current.signingSecret;
    if (isSignedIntegrationType(body.type) && !sealedSecret) {
      madeSecret = generateSigningSecret();
      sealedSecret = deps.secrets.seal(madeSecret);
    }
    return updateQueueIntegration(tx, companyId, id, storedValues(body, sealedJson, sealedSecret));
  });
  if (!row) throw notFound();
  const record = toRecord(deps, row);
  emit(deps, companyId, { action: "update", queueIntegration: record });
  return madeSecret ? { ...record, signingSecret: madeSecret } : record;
}

/** Queues, connections and tickets that used it are left without one (their foreign keys set null). */
export async function removeQueueIntegration(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (!(await deleteQueueIntegration(deps.db, actor.companyId, id))) throw notFound();
  emit(deps, actor.companyId, { action: "delete", queueIntegrationId: id });
}

/** A new signing key for an n8n or webhook integration: the old one stops working at once. */
export async function rotateSigningSecret(deps: Deps, actor: AuthSession, id: number): Promise<SigningSecretAnswer> {
  const { companyId } = actor;
  const signingSecret = generateSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    const current = await findQueueIntegration(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    if (!isSignedIntegrationType(current.type)) throw invalid("type", "notSigned");
    return updateQueueIntegration(tx, companyId, id, { signingSecret: deps.secrets.seal(signingSecret) });
  });
  if (!row) throw notFound();
  emit(deps, companyId, { action: "update", queueIntegration: toRecord(deps, row) });
  return { signingSecret };
}

/** The service's reason for a failed test, as answered to the admin: short. */
const REASON_MAX = 300;

/** What the Dialogflow test says first, in the agent's language. */
const GREETINGS: Record<string, string> = { "pt-BR": "Olá", en: "Hello", es: "Hola" };

/**
 * The service account the test runs with: the one pasted, or, when none is (the dialog of a
 * saved integration shows only the mask), the one stored for the integration named by `id`.
 */
async function testAccount(
  deps: Deps,
  companyId: number,
  body: QueueIntegrationTestBody,
): Promise<DialogflowServiceAccount> {
  let json = body.jsonContent;
  if (json === "" || isSecretMask(json)) {
    const stored = body.id === undefined ? undefined : await findQueueIntegration(deps.db, companyId, body.id);
    if (body.id !== undefined && !stored) throw notFound();
    if (!stored?.jsonContent) throw invalid("body.jsonContent", "required");
    try {
      json = deps.secrets.open(stored.jsonContent);
    } catch {
      throw invalid("body.jsonContent", "required");
    }
  }
  const account = parseServiceAccount(json);
  if (!account) throw invalid("body.jsonContent", "invalidServiceAccount");
  return account;
}

async function testDialogflow(
  deps: Deps,
  companyId: number,
  body: QueueIntegrationTestBody,
): Promise<QueueIntegrationTestAnswer> {
  const account = await testAccount(deps, companyId, body);
  const client = createDialogflowClient({
    baseUrl: deps.config.DIALOGFLOW_BASE_URL,
    tokenUrl: deps.config.DIALOGFLOW_TOKEN_URL,
  });
  try {
    const result = await client.detectIntent({
      account,
      projectId: body.projectName,
      sessionId: `atendo-test-${randomUUID()}`,
      text: GREETINGS[body.language] ?? GREETINGS.en!,
      languageCode: body.language,
    });
    return { message: "testSession", type: "dialogflow", reply: result.messages, intent: result.intent };
  } catch (error) {
    if (!(error instanceof DialogflowError)) throw error;
    // Google's reason only: never the account, its key or the token.
    deps.log.warn(
      { companyId, projectName: body.projectName, stage: error.stage, status: error.status, reason: error.message },
      "dialogflow test failed",
    );
    const code = error.stage === "token" ? "ERR_TEST_SESSION_DIALOG" : "ERR_TEST_REPLY_DIALOG";
    throw new AppError(code, { message: error.message.slice(0, REASON_MAX) });
  }
}

/**
 * Typebot's test starts the published bot's chat through the runtime's client and answers its
 * first messages as a customer would get them (text in WhatsApp's markup, media as its URL).
 */
async function testTypebot(
  deps: Deps,
  companyId: number,
  body: QueueIntegrationTestBody,
): Promise<QueueIntegrationTestAnswer> {
  try {
    const result = await startTypebotSession(
      { url: body.urlN8N, slug: body.typebotSlug, privateTargets: deps.config.REMOTE_PRIVATE_TARGETS },
      {},
    );
    return {
      message: "testSession",
      type: "typebot",
      reply: result.messages.map((part) => (part.kind === "text" ? part.body : part.url)),
    };
  } catch (error) {
    if (!(error instanceof TypebotError)) throw error;
    deps.log.warn({ companyId, status: error.status, reason: error.message }, "typebot test failed");
    throw new AppError("ERR_TEST_SESSION_TYPEBOT", { message: error.message.slice(0, REASON_MAX) });
  }
}

/** POST /queueIntegration/testSession: a real conversation with the service, from the dialog's fields. */
export async function testQueueIntegration(
  deps: Deps,
  actor: AuthSession,
  body: QueueIntegrationTestBody,
): Promise<QueueIntegrationTestAnswer> {
  return body.type === "typebot"
    ? testTypebot(deps, actor.companyId, body)
    : testDialogflow(deps, actor.companyId, body);
}
