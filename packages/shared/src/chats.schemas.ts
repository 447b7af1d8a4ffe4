import { z } from "zod";
import { Id, IsoDate, ListQuery } from "./common.schemas.js";

export const CHAT_TITLE_MAX = 200;
export const CHAT_MESSAGE_MAX = 4000;
/** A chat's members, the owner included: enough for any team, small enough for one event per member. */
export const CHAT_MEMBERS_MAX = 200;

/** A member of a chat and how many of the chat's messages they have not read yet. */
export const ChatMember = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatMember = z.infer<typeof ChatMember>;

/** Document 2 section 3: id, uuid, title, ownerId, users (userId, unreads, user), lastMessage, updatedAt. */
export const Chat = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  /** Null once the owner's account is removed: then nobody may edit or delete the chat. */
  ownerId: z.number().nullable(),
  users: z.array(ChatMember),
  lastMessage: z.string(),
  /** When lastMessage was sent; null before the first message. The list shows and orders by it. */
  lastMessageAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Chat = z.infer<typeof Chat>;

/** Document 2 section 3: senderId, sender.name, message, createdAt, chatId. */
export const ChatMessage = z.object({
  id: z.number(),
  chatId: z.number(),
  /** Null once the sender's account is removed. */
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: IsoDate,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * A chat in a path: its numeric id, or its uuid (the page's address is
 * /chats/{uuid}, so the page can open a chat straight from its URL).
 */
export const ChatKey = z.union([Id, z.uuid("invalidChat")]);
export const ChatParams = z.object({ id: ChatKey });
export type ChatParams = z.infer<typeof ChatParams>;

/**
 * Members as user ids or as user objects (the Whaticket family's client sends
 * `{ id, name }`); either way only the id counts.
 */
const memberRef = z.union([Id, z.object({ id: Id }).transform((user) => user.id)]);
const members = z.array(memberRef).min(1, "fillUser").max(CHAT_MEMBERS_MAX, "tooMany");
const title = z.string().trim().min(1, "fillTitle").max(CHAT_TITLE_MAX, "tooLong");

/** POST /chats: a title and at least one user (document 2 section 5); the caller joins as the owner. */
export const ChatBody = z.object({ title, users: members });
export type ChatBody = z.infer<typeof ChatBody>;

/** PUT /chats/{id}: a new title, a new member list (the owner always stays), or both. */
export const ChatUpdateBody = z.object({ title: title.optional(), users: members.optional() });
export type ChatUpdateBody = z.infer<typeof ChatUpdateBody>;

/** The chat dialog's form: what the alerts chat.toasts.fillTitle and fillUser check. */
export const ChatForm = z.object({ title, users: z.array(Id).min(1, "fillUser") });
export type ChatForm = z.infer<typeof ChatForm>;

/**
 * POST /chats/{id}/read: the spec's client sends its own userId. The read is
 * always the caller's; a userId that is not the caller's is refused. The body may be left out.
 */
export const ChatReadBody = z.object({ userId: Id.optional() }).nullish();
export type ChatReadBody = z.infer<typeof ChatReadBody>;

/** POST /chats/{id}/messages: only text that is not blank once trimmed (document 2 section 5). */
export const ChatMessageBody = z.object({
  message: z.string().trim().min(1, "required").max(CHAT_MESSAGE_MAX, "tooLong"),
});
export type ChatMessageBody = z.infer<typeof ChatMessageBody>;

export const ChatListQuery = ListQuery;

/**
 * GET /chats/: the caller's chats, most recently active first. `unreadChats`
 * counts the caller's chats with unread messages, over every page: the side
 * menu's dot and the top bar's mark read it without paging through the list.
 */
export const ChatsPage = z.object({
  records: z.array(Chat),
  count: z.number(),
  hasMore: z.boolean(),
  unreadChats: z.number(),
});
export type ChatsPage = z.infer<typeof ChatsPage>;

export const ChatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** GET /chats/{id}/messages: page 1 holds the newest messages; each page is oldest first. */
export const ChatMessagesPage = z.object({
  records: z.array(ChatMessage),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof ChatMessagesPage>;
