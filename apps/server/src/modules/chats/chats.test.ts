import { type ChatEventPayload, companyEvent } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, newTenant, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { chatMessages, chatUsers } from "../../db/schema/index.js";
import { seedDemoChat } from "./chats.seed.js";

let env: TestEnv;
let port = 0;
beforeAll(async () => {
  env = await createTestEnv({ listen: true });
  const address = env.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => env.close());

type Headers = Record<string, string>;

/** A company with an admin (the chats' owner), an attendant and a second attendant left out of the chats. */
async function team() {
  const tenant = await newTenant(env);
  const outsider = await newUser(env.db, tenant.company.id, { profile: "user" });
  return { ...tenant, outsider, outsiderHeaders: await login(env, outsider.email) };
}

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  env.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newChat(headers: Headers, users: number[], title = "Plantão") {
  const response = await call("POST", "/chats", headers, { title, users });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; uuid: string; ownerId: number; users: { userId: number; unreads: number }[] };
}

const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }, userId: number) =>
  chat.users.find((member) => member.userId === userId)?.unreads;

/** A socket of the user, and every chat event it receives, in order. */
async function listen(headers: Headers, companyId: number) {
  const token = headers.authorization!.replace(/^Bearer /, "");
  const socket: Socket = connect(`http://127.0.0.1:${port}`, { transports: ["polling"], query: { token } });
  const events: ChatEventPayload[] = [];
  const waiters: { test: (event: ChatEventPayload) => boolean; resolve: (event: ChatEventPayload) => void }[] = [];
  socket.on(companyEvent.chat(companyId), (event: ChatEventPayload) => {
    events.push(event);
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(event)) waiter.resolve(event);
      else waiters.push(waiter);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  return {
    events,
    /** Resolves with the first event (past or to come) that passes `test`. */
    next(test: (event: ChatEventPayload) => boolean): Promise<ChatEventPayload> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    close: () => socket.close(),
  };
}

describe("chats", () => {
  it("creates a chat owned by its maker, with the maker among the members, found by id and by uuid", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id]);
    expect(chat).toMatchObject({ title: "Plantão", ownerId: t.admin.id, lastMessage: "" });
    expect(chat.users.map((member) => member.userId).sort()).toEqual([t.admin.id, t.agent.id].sort());
    // Users as objects, the Whaticket family's shape, are taken too.
    const objects = await call("POST", "/chats", t.agentHeaders, { title: "Par", users: [{ id: t.admin.id }] });
    expect(objects.json()).toMatchObject({ ownerId: t.agent.id, users: expect.any(Array) });
    for (const key of [chat.id, chat.uuid]) {
      const shown = await call("GET", `/chats/${key}`, t.agentHeaders);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({ id: chat.id, uuid: chat.uuid, title: "Plantão" });
    }
  });

  it("refuses a blank title, no users, a blank message and a user of another company", async () => {
    const t = await team();
    const other = await newTenant(env);
    const blank = await call("POST", "/chats", t.adminHeaders, { title: "   ", users: [t.agent.id] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.title", message: "fillTitle" }],
    });
    const noUsers = await call("POST", "/chats", t.adminHeaders, { title: "Sozinho", users: [] });
    expect(noUsers.statusCode).toBe(400);
    expect(noUsers.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.users", message: "fillUser" }],
    });
    const stranger = await call("POST", "/chats", t.adminHeaders, { title: "Intruso", users: [other.agent.id] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe("ERR_NO_USER_FOUND");
    const chat = await newChat(t.adminHeaders, [t.agent.id]);
    const empty = await call("POST", `/chats/${chat.id}/messages`, t.adminHeaders, { message: " \n\t " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.message" }] });
    const badKey = await call("GET", "/chats/not-a-chat", t.adminHeaders);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error).toBe("ERR_VALIDATION");
    const messages = await env.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(messages).toHaveLength(0);
  });

  it("lets only the owner edit and delete: a member gets 403, a user outside the chat 404", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id]);
    const byMember = await call("PUT", `/chats/${chat.id}`, t.agentHeaders, { title: "Tomado" });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe("ERR_NO_PERMISSION");
    expect((await call("DELETE", `/chats/${chat.id}`, t.agentHeaders)).statusCode).toBe(403);
    expect((await call("PUT", `/chats/${chat.id}`, t.outsiderHeaders, { title: "Tomado" })).statusCode).toBe(404);
    expect((await call("DELETE", `/chats/${chat.id}`, t.outsiderHeaders)).statusCode).toBe(404);
    expect((await call("GET", `/chats/${chat.id}`, t.agentHeaders)).json().title).toBe("Plantão");

    const renamed = await call("PUT", `/chats/${chat.uuid}`, t.adminHeaders, { title: "Turno da noite" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: chat.id, title: "Turno da noite" });
    const deleted = await call("DELETE", `/chats/${chat.id}`, t.adminHeaders);
    expect(deleted.json()).toEqual({ message: "chatDeleted" });
    expect((await call("GET", `/chats/${chat.id}`, t.adminHeaders)).statusCode).toBe(404);
  });

  it("replaces the members on edit, keeping the owner and the unread counts of those who stay", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id]);
    await call("POST", `/chats/${chat.id}/messages`, t.adminHeaders, { message: "Oi" });
    const swapped = await call("PUT", `/chats/${chat.id}`, t.adminHeaders, { users: [t.agent.id, t.outsider.id] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const members = swapped.json().users as { userId: number; unreads: number }[];
    expect(members.map((member) => member.userId).sort()).toEqual([t.admin.id, t.agent.id, t.outsider.id].sort());
    expect(unreadsOf(swapped.json(), t.agent.id)).toBe(1);
    expect(unreadsOf(swapped.json(), t.outsider.id)).toBe(0);
    const dropped = await call("PUT", `/chats/${chat.id}`, t.adminHeaders, { users: [t.outsider.id] });
    expect(
      dropped
        .json()
        .users.map((member: { userId: number }) => member.userId)
        .sort(),
    ).toEqual([t.admin.id, t.outsider.id].sort());
    expect((await call("GET", `/chats/${chat.id}`, t.agentHeaders)).statusCode).toBe(404);
  });

  it("counts unread messages for every other member and resets them on read", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id, t.outsider.id]);
    for (const message of ["Um", "Dois"]) {
      const sent = await call("POST", `/chats/${chat.id}/messages`, t.adminHeaders, { message: `  ${message}  ` });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ chatId: chat.id, senderId: t.admin.id, message, sender: { id: t.admin.id } });
    }
    await call("POST", `/chats/${chat.id}/messages`, t.agentHeaders, { message: "Três" });
    const list = await call("GET", "/chats/", t.agentHeaders);
    expect(list.json()).toMatchObject({ count: 1, hasMore: false, unreadChats: 1 });
    const listed = list.json().records[0];
    expect(listed).toMatchObject({ id: chat.id, lastMessage: "Três" });
    expect(unreadsOf(listed, t.admin.id)).toBe(1);
    expect(unreadsOf(listed, t.agent.id)).toBe(2);
    expect(unreadsOf(listed, t.outsider.id)).toBe(3);

    const read = await call("POST", `/chats/${chat.id}/read`, t.agentHeaders, { userId: t.agent.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(unreadsOf(read.json(), t.agent.id)).toBe(0);
    expect(unreadsOf(read.json(), t.outsider.id)).toBe(3);
    expect((await call("GET", "/chats", t.agentHeaders)).json().unreadChats).toBe(0);
    expect((await call("GET", "/chats", t.outsiderHeaders)).json().unreadChats).toBe(1);
    // Without a body the read is the caller's; another user's id is refused and reads nothing.
    const bare = await call("POST", `/chats/${chat.id}/read`, t.adminHeaders);
    expect(bare.statusCode, bare.body).toBe(200);
    const forged = await call("POST", `/chats/${chat.id}/read`, t.agentHeaders, { userId: t.outsider.id });
    expect(forged.statusCode).toBe(403);
    const [row] = await env.db
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, t.outsider.id)));
    expect(row!.unreads).toBe(3);
  });

  it("lists the caller's chats newest first, searched by title", async () => {
    const t = await team();
    const first = await newChat(t.adminHeaders, [t.agent.id], "Vendas");
    const second = await newChat(t.adminHeaders, [t.agent.id], "Suporte");
    await newChat(t.adminHeaders, [t.outsider.id], "Sem o atendente");
    await call("POST", `/chats/${first.id}/messages`, t.adminHeaders, { message: "Sobe" });
    const list = await call("GET", "/chats", t.agentHeaders);
    expect(list.json().records.map((chat: { id: number }) => chat.id)).toEqual([first.id, second.id]);
    const searched = await call("GET", "/chats?searchParam=supo", t.agentHeaders);
    expect(searched.json()).toMatchObject({ count: 1, records: [{ id: second.id }] });
  });

  it("answers and orders by the last message's time: renaming a chat moves neither", async () => {
    const t = await team();
    const talked = await newChat(t.adminHeaders, [t.agent.id], "Conversado");
    const renamed = await newChat(t.adminHeaders, [t.agent.id], "Renomeado");
    const sent = await call("POST", `/chats/${talked.id}/messages`, t.adminHeaders, { message: "Oi" });
    expect(sent.statusCode, sent.body).toBe(200);
    const rename = await call("PUT", `/chats/${renamed.id}`, t.adminHeaders, {
      title: "Renomeado de novo",
      users: [t.agent.id],
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const list = await call("GET", "/chats", t.agentHeaders);
    const records = list.json().records as { id: number; lastMessageAt: string | null; updatedAt: string }[];
    expect(records.map((chat) => chat.id)).toEqual([talked.id, renamed.id]);
    expect(records[0]!.lastMessageAt).toBe(sent.json().createdAt);
    expect(records[1]!.lastMessageAt).toBeNull();
    expect(Date.parse(records[1]!.updatedAt)).toBeGreaterThan(Date.parse(sent.json().createdAt));
  });

  it("pages messages from the newest, each page oldest first", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id]);
    for (let index = 1; index <= 25; index++) {
      await call("POST", `/chats/${chat.id}/messages`, t.adminHeaders, { message: `m${index}` });
    }
    const page1 = await call("GET", `/chats/${chat.id}/messages`, t.agentHeaders);
    expect(page1.json()).toMatchObject({ count: 25, hasMore: true });
    expect(page1.json().records.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, index) => `m${index + 6}`),
    );
    const page2 = await call("GET", `/chats/${chat.uuid}/messages?pageNumber=2`, t.agentHeaders);
    expect(page2.json()).toMatchObject({ count: 25, hasMore: false });
    expect(page2.json().records.map((m: { message: string }) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });

  it("keeps a chat from a user outside it: 404 on every route, and no event", async () => {
    const t = await team();
    const agent = await listen(t.agentHeaders, t.company.id);
    const outsider = await listen(t.outsiderHeaders, t.company.id);
    try {
      const chat = await newChat(t.adminHeaders, [t.agent.id]);
      await call("POST", `/chats/${chat.id}/messages`, t.adminHeaders, { message: "Só para nós" });
      await call("PUT", `/chats/${chat.id}`, t.adminHeaders, { title: "Reservado" });

      const created = await agent.next((event) => event.action === "create");
      expect(created).toMatchObject({ action: "create", chat: { id: chat.id } });
      const message = await agent.next((event) => event.action === "new-message");
      expect(message).toMatchObject({
        action: "new-message",
        chat: { id: chat.id, lastMessage: "Só para nós" },
        newMessage: { chatId: chat.id, message: "Só para nós", sender: { id: t.admin.id } },
      });
      if (message.action === "new-message") expect(unreadsOf(message.chat, t.agent.id)).toBe(1);
      await agent.next((event) => event.action === "update");

      for (const [method, url] of [
        ["GET", `/chats/${chat.id}`],
        ["GET", `/chats/${chat.uuid}`],
        ["GET", `/chats/${chat.id}/messages`],
        ["POST", `/chats/${chat.id}/messages`],
        ["POST", `/chats/${chat.id}/read`],
        ["PUT", `/chats/${chat.id}`],
        ["DELETE", `/chats/${chat.id}`],
      ] as const) {
        const payload = method === "POST" || method === "PUT" ? { message: "Oi", title: "Oi" } : undefined;
        const response = await call(method, url, t.outsiderHeaders, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error).toBe("ERR_NOT_FOUND");
      }
      expect((await call("GET", "/chats", t.outsiderHeaders)).json()).toMatchObject({ count: 0, unreadChats: 0 });

      // Events reach one socket in order: once the outsider hears of its own chat, any earlier one would be here.
      const own = await newChat(t.outsiderHeaders, [t.admin.id], "Do outsider");
      await outsider.next((event) => event.action === "create");
      expect(outsider.events).toEqual([
        expect.objectContaining({ action: "create", chat: expect.objectContaining({ id: own.id }) }),
      ]);
    } finally {
      agent.close();
      outsider.close();
    }
  });

  it("tells members taken out, and every member of a deleted chat, that the chat is gone", async () => {
    const t = await team();
    const chat = await newChat(t.adminHeaders, [t.agent.id, t.outsider.id]);
    const agent = await listen(t.agentHeaders, t.company.id);
    const outsider = await listen(t.outsiderHeaders, t.company.id);
    try {
      await call("PUT", `/chats/${chat.id}`, t.adminHeaders, { users: [t.agent.id] });
      expect(await outsider.next(() => true)).toEqual({ action: "delete", chatId: chat.id });
      expect(await agent.next(() => true)).toMatchObject({ action: "update", chat: { id: chat.id } });
      await call("DELETE", `/chats/${chat.id}`, t.adminHeaders);
      expect(await agent.next((event) => event.action === "delete")).toEqual({ action: "delete", chatId: chat.id });
    } finally {
      agent.close();
      outsider.close();
    }
  });

  it("seeds the demo's group chat: the owner has read it all, the others see what came after their last word", async () => {
    const t = await team();
    await env.db.transaction((tx) => seedDemoChat(tx, t.company.id, [t.admin.id, t.agent.id, t.outsider.id]));
    const [chat] = (await call("GET", "/chats", t.adminHeaders)).json().records;
    expect(chat.ownerId).toBe(t.admin.id);
    expect(unreadsOf(chat, t.admin.id)).toBe(0);
    expect(unreadsOf(chat, t.agent.id)).toBe(1);
    expect(unreadsOf(chat, t.outsider.id)).toBe(3);
    const messages = (await call("GET", `/chats/${chat.id}/messages`, t.agentHeaders)).json();
    expect(messages.count).toBe(3);
    expect(chat.lastMessage).toBe(messages.records[2].message);
    expect(chat.lastMessageAt).toBe(messages.records[2].createdAt);
  });
});
