import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { preparedStatement, placeholder as value } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";

/*
 * The read side of GET /messages/{ticketId}: its page statement prepared once per database, so
 * Drizzle writes its text once and each PostgreSQL connection parses and plans it once.
 */

const quoted = alias(messages, "quoted");

/** The messages of every ticket of the contact (the whole conversation history), tenant-scoped. */
const contactMessages = () =>
  and(
    sql`${messages.companyId} = ${value("companyId")}`,
    sql`${messages.ticketId} in (select ${tickets.id} from ${tickets} where ${tickets.companyId} = ${value("companyId")} and ${tickets.contactId} = ${value("contactId")})`,
  );

function buildPageStatement(db: Executor) {
  return db
    .select({
      message: messages,
      quoted: { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType },
      contact: { id: contacts.id, name: contacts.name },
      total: sql<number>`(select count(*)::int from ${messages} where ${contactMessages()})`,
    })
    .from(messages)
    .leftJoin(quoted, and(eq(quoted.id, messages.quotedMsgId), sql`${quoted.companyId} = ${value("companyId")}`))
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), sql`${contacts.companyId} = ${value("companyId")}`))
    .where(contactMessages())
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("messages_contact_page");
}

const pageStatement = preparedStatement(buildPageStatement);

export type ContactMessageRow = Awaited<ReturnType<ReturnType<typeof buildPageStatement>["execute"]>>[number];

/**
 * One page of the conversation history with a ticket's contact, newest first: the messages of
 * every ticket of that contact, so the list can mark where one conversation ended and the next
 * started (document 1, message list). With the quoted message, the sender's name, and the count
 * in the same statement.
 */
export async function pageContactMessages(
  db: Executor,
  companyId: number,
  contactId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; count: number }> {
  const statement = pageStatement(db);
  const values = { companyId, contactId, limit: page.limit, offset: page.offset };
  const rows = await statement.execute(values);
  if (rows.length > 0 || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page the subquery had no row to ride on.
  const [total] = await db.select({ count: count() }).from(messages).where(contactMessages()).execute(values);
  return { rows, count: total?.count ?? 0 };
}
