import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { prompts, queues } from "../../db/schema/index.js";

export type PromptRow = typeof prompts.$inferSelect;
/** A prompt with its queue's name (null once the queue is deleted). Keys as stored: sealed. */
export type PromptWithQueue = PromptRow & { queueName: string | null };
export type PromptValues = Omit<typeof prompts.$inferInsert, "id" | "companyId" | "createdAt" | "updatedAt">;

const selection = { prompt: prompts, queueName: queues.name };

function withQueue(row: { prompt: PromptRow; queueName: string | null }): PromptWithQueue {
  return { ...row.prompt, queueName: row.queueName };
}

/** The queue is joined on the company too, so a foreign queue id could never lend its name. */
const queueJoin = and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId));

export async function listPrompts(db: Executor, companyId: number): Promise<PromptWithQueue[]> {
  const rows = await db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, queueJoin)
    .where(eq(prompts.companyId, companyId))
    .orderBy(asc(prompts.name), asc(prompts.id));
  return rows.map(withQueue);
}

/** Tenant-scoped: another company's id is simply not found. `lock` holds the row until the transaction ends. */
export async function findPrompt(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PromptWithQueue | undefined> {
  const query = db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, queueJoin)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: prompts }) : await query;
  return row ? withQueue(row) : undefined;
}

export async function insertPrompt(db: Executor, companyId: number, values: PromptValues): Promise<number> {
  const [row] = await db
    .insert(prompts)
    .values({ companyId, ...values })
    .returning({ id: prompts.id });
  return row!.id;
}

export async function updatePrompt(db: Executor, companyId: number, id: number, values: PromptValues): Promise<void> {
  await db
    .update(prompts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
}

/** Connections, queues and tickets that used the prompt keep going without it (their promptId is set null). */
export async function deletePrompt(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .returning({ id: prompts.id });
  return rows.length > 0;
}

export { companyHasQueue } from "../../db/tenant.js";
