import { and, asc, count, desc, eq, exists, gt, ilike, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { chatMessages, chats, chatUsers, users } from "../../db/schema/index.js";

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export interface MemberRow {
  chatId: number;
  userId: number;
  unreads: number;
  name: string;
}
export interface MessageWithSender extends ChatMessageRow {
  senderName: string | null;
}

/** A chat the user is a member of: what every query that reads chats for a user goes through. */
const isMember = (db: Executor, companyId: number, userId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(chatUsers)
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId))),
  );

/** The user's chats, the latest message first, with how many of them hold unread messages. */
export async function pageChatsOf(
  db: Executor,
  companyId: number,
  userId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: ChatRow[]; count: number; unreadChats: number }> {
  const filters: SQL[] = [eq(chats.companyId, companyId), isMember(db, companyId, userId)];
  if (options.search) filters.push(ilike(chats.title, likePattern(options.search)));
  const where = and(...filters);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(chats)
      .where(where)
      // A chat without messages yet counts from its creation, so a new chat comes first.
      .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(chats).where(where),
    db
      .select({ value: count() })
      .from(chatUsers)
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId), gt(chatUsers.unreads, 0))),
  ]);
  return { rows, count: total?.value ?? 0, unreadChats: unread?.value ?? 0 };
}

/**
 * The chat by id or uuid, only when `userId` is one of its members (`lock`
 * holds the row until the transaction ends).
 */
export async function findChatOf(
  db: Executor,
  companyId: number,
  userId: number,
  key: number | string,
  options: { lock?: boolean } = {},
): Promise<ChatRow | undefined> {
  const byKey = typeof key === "number" ? eq(chats.id, key) : eq(chats.uuid, key);
  const query = db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, companyId), byKey, isMember(db, companyId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: chats }) : await query;
  return row;
}

/** The members of these chats with their names, in the order they joined. */
export async function membersOf(db: Executor, companyId: number, chatIds: readonly number[]): Promise<MemberRow[]> {
  if (chatIds.length === 0) return [];
  return db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, [...chatIds])))
    .orderBy(asc(chatUsers.createdAt), asc(chatUsers.userId));
}

/** Which of these user ids are users of the company. */
export async function companyUserIds(db: Executor, companyId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
  return rows.map((row) => row.id);
}

export async function insertChat(
  db: Executor,
  values: { companyId: number; title: string; ownerId: number },
): Promise<ChatRow> {
  const [row] = await db.insert(chats).values(values).returning();
  return row!;
}

export async function updateChat(
  db: Executor,
  companyId: number,
  chatId: number,
  changes: Partial<Pick<ChatRow, "title" | "lastMessage" | "lastMessageAt">>,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .update(chats)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)))
    .returning();
  return row;
}

export async function deleteChat(db: Executor, companyId: number, chatId: number): Promise<void> {
  await db.delete(chats).where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
}

/** Adds the users not yet members (unreads 0); members already there keep their count. */
export async function addMembers(
  db: Executor,
  companyId: number,
  chatId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(chatUsers)
    .values(userIds.map((userId) => ({ companyId, chatId, userId })))
    .onConflictDoNothing();
}

/** Removes every member but `keep`; answers the ids removed. */
export async function removeMembersExcept(
  db: Executor,
  companyId: number,
  chatId: number,
  keep: readonly number[],
): Promise<number[]> {
  const rows = await db
    .delete(chatUsers)
    .where(
      and(
        eq(chatUsers.companyId, companyId),
        eq(chatUsers.chatId, chatId),
        keep.length > 0 ? notInArray(chatUsers.userId, [...keep]) : undefined,
      ),
    )
    .returning({ userId: chatUsers.userId });
  return rows.map((row) => row.userId);
}

/** One more unread message for every member but the sender. */
export async function countUnreadForOthers(
  db: Executor,
  companyId: number,
  chatId: number,
  senderId: number,
): Promise<void> {
  await db
    .update(chatUsers)
    .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: new Date() })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
}

export async function resetUnreads(db: Executor, companyId: number, chatId: number, userId: number): Promise<void> {
  await db
    .update(chatUsers)
    .set({ unreads: 0, updatedAt: new Date() })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));
}

export async function insertMessage(
  db: Executor,
  values: { companyId: number; chatId: number; senderId: number; message: string },
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  return row!;
}

/** One page of a chat's messages counted from the newest; the page itself oldest first. */
export async function pageMessages(
  db: Executor,
  companyId: number,
  chatId: number,
  options: { limit: number; offset: number },
): Promise<{ rows: MessageWithSender[]; count: number }> {
  const where = and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: chatMessages, senderName: users.name })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(where)
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(chatMessages).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.message, senderName: row.senderName })).reverse(),
    count: total?.value ?? 0,
  };
}
