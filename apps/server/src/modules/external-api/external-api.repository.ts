import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, plans, whatsapps } from "../../db/schema/index.js";

/** The connection a bearer token belongs to, with its company's plan flag (false without a plan). */
export async function findConnectionByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ whatsapp: whatsapps, useExternalApi: plans.useExternalApi })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(whatsapps.token, token))
    .limit(1);
  return row && { whatsapp: row.whatsapp, useExternalApi: row.useExternalApi === true };
}
