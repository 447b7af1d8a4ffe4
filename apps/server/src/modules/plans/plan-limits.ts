import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, plans } from "../../db/schema/index.js";

export type PlanLimit = "users" | "queues" | "connections";

/**
 * Locks the company row for the rest of the transaction and answers its plan's
 * limit (0 = unlimited), so two concurrent creations cannot both take the last
 * place. Undefined when the company does not exist.
 */
export async function lockCompanyPlanLimit(
  db: Executor,
  companyId: number,
  limit: PlanLimit,
): Promise<{ limit: number } | undefined> {
  const [company] = await db
    .select({ id: companies.id, planId: companies.planId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update")
    .limit(1);
  if (!company) return undefined;
  if (company.planId === null) return { limit: 0 };
  const [plan] = await db
    .select({ users: plans.users, queues: plans.queues, connections: plans.connections })
    .from(plans)
    .where(eq(plans.id, company.planId))
    .limit(1);
  return { limit: plan?.[limit] ?? 0 };
}
