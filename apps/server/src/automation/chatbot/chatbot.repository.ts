import type { WorkingHours } from "@atendo/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, queueOptions, queues, whatsappQueues } from "../../db/schema/index.js";
import type { QueueRow } from "../../modules/queues/queues.repository.js";
import type { BotOption } from "./chatbot.logic.js";

/** The connection's queues, in menu order (orderQueue, unset last, then name). */
export async function connectionQueues(db: Executor, companyId: number, whatsappId: number): Promise<QueueRow[]> {
  const rows = await db
    .select({ queue: queues })
    .from(whatsappQueues)
    .innerJoin(queues, and(eq(queues.id, whatsappQueues.queueId), eq(queues.companyId, companyId)))
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  return rows.map((r) => r.queue);
}

/** A queue's whole option tree (small: a handful of options per queue). */
export async function queueOptionTree(db: Executor, companyId: number, queueId: number): Promise<BotOption[]> {
  return db
    .select({
      id: queueOptions.id,
      parentId: queueOptions.parentId,
      title: queueOptions.title,
      message: queueOptions.message,
      option: queueOptions.option,
    })
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId)));
}

export async function companySchedules(db: Executor, companyId: number): Promise<WorkingHours[]> {
  const [row] = await db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId));
  return row?.schedules ?? [];
}
