import { and, desc, eq, inArray } from "drizzle-orm";
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
 * When the customer last wrote to the connection: the start of WhatsApp's 24-hour customer
 * service window. Undefined when they never did. One probe of the partial index
 * messages_company_contact_inbound_idx (the contact found by id, or by its unique number).
 */
export async function lastInboundAt(
  db: Executor,
  connection: { id: number; companyId: number },
  customer: { contactId: number } | { number: string },
): Promise<Date | undefined> {
  const contactId =
    "contactId" in customer
      ? customer.contactId
      : db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.companyId, connection.companyId), eq(contacts.number, customer.number)));
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        typeof contactId === "number" ? eq(messages.contactId, contactId) : inArray(messages.contactId, contactId),
        eq(messages.whatsappId, connection.id),
        eq(messages.fromMe, false),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at;
}
