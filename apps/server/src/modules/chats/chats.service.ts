import {
  type Chat,
  type ChatBody,
  type ChatEventPayload,
  type ChatMessage,
  type ChatMessageBody,
  type ChatMessagesPage,
  type ChatsPage,
  type ChatUpdateBody,
  companyEvent,
  MESSAGES_PAGE_SIZE,
  PAGE_SIZE,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  addMembers,
  type ChatRow,
  companyUserIds,
  countUnreadForOthers,
  deleteChat,
  findChatOf,
  insertChat,
  insertMessage,
  type MemberRow,
  type MessageWithSender,
  membersOf,
  pageChatsOf,
  pageMessages,
  removeMembersExcept,
  resetUnreads,
  updateChat,
} from "./chats.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;
type Actor = Pick<AuthSession, "companyId" | "userId">;
type ChatKey = number | string;

function toChat(row: ChatRow, members: readonly MemberRow[]): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    users: members
      .filter((member) => member.chatId === row.id)
      .map((member) => ({
        userId: member.userId,
        unreads: member.unreads,
        user: { id: member.userId, name: member.name },
      })),
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: MessageWithSender): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

async function chatWithMembers(db: Executor, row: ChatRow): Promise<Chat> {
  return toChat(row, await membersOf(db, row.companyId, [row.id]));
}

/**
 * Chat events go to each member's own sockets, never to the company room: a user
 * outside a chat learns nothing of it, not even that it changed.
 */
function emitTo(deps: Deps, companyId: number, userIds: Iterable<number>, payload: ChatEventPayload): void {
  const event = companyEvent.chat(companyId);
  for (const userId of new Set(userIds)) deps.realtime.toUser(companyId, userId, event, payload);
}

const memberIds = (chat: Chat) => chat.users.map((member) => member.userId);

/** The chat, for one of its members; anyone else (another company's users included) gets 404. */
async function chatOf(db: Executor, actor: Actor, key: ChatKey, lock = false): Promise<ChatRow> {
  const row = await findChatOf(db, actor.companyId, actor.userId, key, { lock });
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** Only the owner edits or deletes (document 2 section 6); other members see the chat, so they get 403. */
function requireOwner(row: ChatRow, actor: Actor): void {
  if (row.ownerId !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
}

/** Every id must be a user of the caller's company: another company's user is as unknown as no user. */
async function requireCompanyUsers(db: Executor, companyId: number, userIds: readonly number[]): Promise<void> {
  const found = new Set(await companyUserIds(db, companyId, userIds));
  if (userIds.some((id) => !found.has(id))) throw new AppError("ERR_NO_USER_FOUND");
}

export async function listChats(
  deps: Deps,
  actor: Actor,
  query: { searchParam: string; pageNumber: number },
): Promise<ChatsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const page = await pageChatsOf(deps.db, actor.companyId, actor.userId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  const members = await membersOf(
    deps.db,
    actor.companyId,
    page.rows.map((row) => row.id),
  );
  return {
    records: page.rows.map((row) => toChat(row, members)),
    count: page.count,
    hasMore: page.count > offset + page.rows.length,
    unreadChats: page.unreadChats,
  };
}

export async function showChat(deps: Deps, actor: Actor, key: ChatKey): Promise<Chat> {
  return chatWithMembers(deps.db, await chatOf(deps.db, actor, key));
}

/** The caller makes the chat, owns it and is one of its members. */
export async function createChat(deps: Deps, actor: Actor, body: ChatBody): Promise<Chat> {
  const userIds = [...new Set([actor.userId, ...body.users])];
  const chat = await deps.db.transaction(async (tx) => {
    await requireCompanyUsers(tx, actor.companyId, userIds);
    const row = await insertChat(tx, { companyId: actor.companyId, title: body.title, ownerId: actor.userId });
    await addMembers(tx, actor.companyId, row.id, userIds);
    return chatWithMembers(tx, row);
  });
  emitTo(deps, actor.companyId, memberIds(chat), { action: "create", chat });
  return chat;
}

/**
 * A new title and/or member list. The owner always stays a member; members who
 * stay keep their unread counts; those taken out are told the chat is gone for them.
 */
export async function updateChatById(deps: Deps, actor: Actor, key: ChatKey, body: ChatUpdateBody): Promise<Chat> {
  const { chat, removed } = await deps.db.transaction(async (tx) => {
    const row = await chatOf(tx, actor, key, true);
    requireOwner(row, actor);
    let removed: number[] = [];
    if (body.users) {
      const userIds = [...new Set([actor.userId, ...body.users])];
      await requireCompanyUsers(tx, actor.companyId, userIds);
      removed = await removeMembersExcept(tx, actor.companyId, row.id, userIds);
      await addMembers(tx, actor.companyId, row.id, userIds);
    }
    const updated = await updateChat(
      tx,
      actor.companyId,
      row.id,
      body.title === undefined ? {} : { title: body.title },
    );
    return { chat: await chatWithMembers(tx, updated ?? row), removed };
  });
  emitTo(deps, actor.companyId, memberIds(chat), { action: "update", chat });
  emitTo(deps, actor.companyId, removed, { action: "delete", chatId: chat.id });
  return chat;
}

export async function removeChat(deps: Deps, actor: Actor, key: ChatKey): Promise<void> {
  const { chatId, members } = await deps.db.transaction(async (tx) => {
    const row = await chatOf(tx, actor, key, true);
    requireOwner(row, actor);
    const members = await membersOf(tx, actor.companyId, [row.id]);
    await deleteChat(tx, actor.companyId, row.id);
    return { chatId: row.id, members };
  });
  emitTo(
    deps,
    actor.companyId,
    members.map((member) => member.userId),
    { action: "delete", chatId },
  );
}

/**
 * Marks the chat read for the caller. The spec's client sends its userId; the
 * read is the caller's whatever it says, so another user's id is refused rather
 * than silently read as the caller's.
 */
export async function readChat(deps: Deps, actor: Actor, key: ChatKey, userId: number | undefined): Promise<Chat> {
  if (userId !== undefined && userId !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
  const chat = await deps.db.transaction(async (tx) => {
    const row = await chatOf(tx, actor, key);
    await resetUnreads(tx, actor.companyId, row.id, actor.userId);
    return chatWithMembers(tx, row);
  });
  emitTo(deps, actor.companyId, [actor.userId], { action: "update", chat });
  return chat;
}

export async function listMessages(
  deps: Deps,
  actor: Actor,
  key: ChatKey,
  query: { pageNumber: number },
): Promise<ChatMessagesPage> {
  const row = await chatOf(deps.db, actor, key);
  const offset = (query.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const page = await pageMessages(deps.db, actor.companyId, row.id, { limit: MESSAGES_PAGE_SIZE, offset });
  return { records: page.rows.map(toMessage), count: page.count, hasMore: page.count > offset + page.rows.length };
}

/**
 * The message, the chat's last message and every other member's unread count
 * change together; then each member gets the message with the chat as it now is.
 */
export async function sendChatMessage(
  deps: Deps,
  actor: Actor,
  key: ChatKey,
  body: ChatMessageBody,
): Promise<ChatMessage> {
  const { chat, message } = await deps.db.transaction(async (tx) => {
    const row = await chatOf(tx, actor, key, true);
    const inserted = await insertMessage(tx, {
      companyId: actor.companyId,
      chatId: row.id,
      senderId: actor.userId,
      message: body.message,
    });
    await countUnreadForOthers(tx, actor.companyId, row.id, actor.userId);
    const updated = await updateChat(tx, actor.companyId, row.id, {
      lastMessage: body.message,
      lastMessageAt: inserted.createdAt,
    });
    const chat = await chatWithMembers(tx, updated ?? row);
    const sender = chat.users.find((member) => member.userId === actor.userId);
    return { chat, message: toMessage({ ...inserted, senderName: sender?.user.name ?? null }) };
  });
  emitTo(deps, actor.companyId, memberIds(chat), { action: "new-message", chat, newMessage: message });
  return message;
}
