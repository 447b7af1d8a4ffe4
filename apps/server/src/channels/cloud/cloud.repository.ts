import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contacts, messages, whatsapps } from "../../db/schema/index.js";

/** A Cloud API connection's account, secrets still sealed. */
export interface CloudAccountRow {
  id: number;
  companyId: number;
  provider: string;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
}

export async function findCloudAccount(db: Executor, whatsappId: number): Promise<CloudAccountRow | undefined> {
  const [row] = await db
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      provider: whatsapps.provider,
      phoneNumberId: whatsapps.cloudPhoneNumberId,
      businessAccountId: whatsapps.cloudBusinessAccountId,
      accessToken: whatsapps.cloudAccessToken,
      appSecret: whatsapps.cloudAppSecret,
      verifyToken: whatsapps.cloudVerifyToken,
    })
    .from(whatsapps)
    .where(eq(whatsapps.id, whatsappId))
    .limit(1);
  return row;
}

/** Why the connection is down (null once it runs again). */
export async function setStatusReason(db: Executor, whatsappId: number, reason: string | null): Promise<void> {
  await db.update(whatsapps).set({ statusReason: reason }).where(eq(whatsapps.id, whatsappId));
}

/**
 * When the customer at `number` last wrote to the connection: the start of WhatsApp's 24-hour
 * customer service window. Undefined when they never did.
 */
export async function lastInboundAt(
  db: Executor,
  connection: { id: number; companyId: number },
  number: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        eq(messages.whatsappId, connection.id),
        eq(messages.fromMe, false),
        eq(contacts.companyId, connection.companyId),
        eq(contacts.number, number),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at;
}
