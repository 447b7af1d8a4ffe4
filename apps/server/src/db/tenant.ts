import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.js";
import { prompts, queueIntegrations, queues, whatsapps } from "./schema/index.js";

type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** Whether a row of a tenant table belongs to the company: ids from a request are checked with it. */
export async function companyOwns(db: Executor, table: TenantTable, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

export const companyHasPrompt = (db: Executor, companyId: number, id: number) =>
  companyOwns(db, prompts, companyId, id);
export const companyHasIntegration = (db: Executor, companyId: number, id: number) =>
  companyOwns(db, queueIntegrations, companyId, id);
export const companyHasQueue = (db: Executor, companyId: number, id: number) => companyOwns(db, queues, companyId, id);
export const companyHasWhatsapp = (db: Executor, companyId: number, id: number) =>
  companyOwns(db, whatsapps, companyId, id);
