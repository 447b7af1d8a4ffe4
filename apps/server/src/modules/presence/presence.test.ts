import { CLIENT_EVENTS, companyEvent } from "@atendo/shared";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { users } from "../../db/schema/index.js";

let env: TestEnv;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  env = await createTestEnv({ listen: true });
  const address = env.app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterEach(() => {
  vi.useRealTimers();
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => env.close());

async function open(headers: { authorization: string }): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ["polling"],
    query: { token: headers.authorization.replace(/^Bearer /, "") },
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

async function presence(userId: number) {
  const [row] = await env.db
    .select({ online: users.online, lastSeenAt: users.lastSeenAt, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function listedOnline(headers: Record<string, string>, userId: number): Promise<boolean> {
  const response = await env.app.inject({ url: "/users/", headers });
  return response.json().users.find((user: { id: number }) => user.id === userId).online;
}

describe("presence", () => {
  it("marks a user online while a socket is connected, offline when the last one leaves", async () => {
    const { company, agent, adminHeaders, agentHeaders } = await newTenant(env);
    const before = await presence(agent.id);
    expect(before.online).toBe(false);

    const first = await open(agentHeaders);
    const second = await open(agentHeaders);
    await until(async () => (await presence(agent.id)).online, "online");
    expect(await listedOnline(adminHeaders, agent.id)).toBe(true);
    const dashboard = await env.app.inject({ url: "/dashboard?days=1", headers: adminHeaders });
    expect(dashboard.json().attendants.find((row: { id: number }) => row.id === agent.id).online).toBe(true);
    // Presence writes leave the row's updatedAt alone.
    expect((await presence(agent.id)).updatedAt).toEqual(before.updatedAt);

    // The company's other sockets hear the change; the leaving user's own do not.
    const admin = await open(adminHeaders);
    const heard: { action: string; user: { id: number; online: boolean } }[] = [];
    admin.on(companyEvent.user(company.id), (payload) => heard.push(payload));

    first.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await presence(agent.id)).online).toBe(true);

    second.disconnect();
    await until(async () => !(await presence(agent.id)).online, "offline");
    expect(await listedOnline(adminHeaders, agent.id)).toBe(false);
    await until(async () => heard.length > 0, "the user event");
    expect(heard[0]).toMatchObject({ action: "update", user: { id: agent.id, online: false } });
  });

  it("counts a user whose marker went stale as offline until the next userStatus ping", async () => {
    const { agent, adminHeaders, agentHeaders } = await newTenant(env);
    const socket = await open(agentHeaders);
    await until(async () => (await presence(agent.id)).online, "online");
    // The process holding the socket stopped writing: its last mark is 15 minutes old.
    await env.db.execute(sql`update users set last_seen_at = now() - interval '15 minutes' where id = ${agent.id}`);
    expect(await listedOnline(adminHeaders, agent.id)).toBe(false);

    // Pings faster than the client's 5 minutes are ignored; a due one refreshes the mark.
    socket.emit(CLIENT_EVENTS.userStatus);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listedOnline(adminHeaders, agent.id)).toBe(false);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000, shouldAdvanceTime: true });
    socket.emit(CLIENT_EVENTS.userStatus);
    await until(() => listedOnline(adminHeaders, agent.id), "the ping to be stored");
  });
});
