import type { SessionUser } from "@atendo/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { listSettings } from "../settings/settings.repository.js";
import { queuesOfUsers, type UserRow } from "../users/users.repository.js";

/** The session user of document 1 section 3: the user, their queues, their company and its settings. */
export async function loadSessionUser(db: Executor, user: UserRow): Promise<SessionUser> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const [queues, settings] = await Promise.all([
    queuesOfUsers(db, user.companyId, [user.id]),
    listSettings(db, user.companyId),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    companyId: user.companyId,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    language: user.language,
    queues: queues.get(user.id) ?? [],
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate?.toISOString() ?? null,
      // Every profile gets the session: the payment provider's token stays with the admins' settings page.
      settings: settings.filter((setting) => setting.key !== "asaas"),
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left before the due date, counting a started day (a fresh 3-day trial has 3; negative once past). */
export function daysUntilDue(dueDate: string | null, now = new Date()): number | null {
  if (!dueDate) return null;
  return Math.ceil((new Date(dueDate).getTime() - now.getTime()) / DAY_MS);
}
