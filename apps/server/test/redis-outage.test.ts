import type { AddressInfo } from "node:net";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { companyEvent, type SettingsEventPayload } from "@atendo/shared";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.js";
import { newTenant } from "./factories.js";
import { createTestEnv, type TestEnv, testConfig } from "./harness.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** Longer than the ~6 s after which an unhandled publish timeout used to end the process. */
const OUTAGE_MS = 8_000;
/** A company-wide event with a payload of the realtime contract, for the tests that only need one to travel. */
const payload: SettingsEventPayload = { action: "update", setting: { key: "userRating", value: "enabled" } };

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once("connect", () => resolve(socket.end() && true));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(socket.destroy() && false));
  });
}

// CI always has Redis; elsewhere this runs when a Redis server answers.
const enabled = process.env.CI === "true" || (await redisAnswers());

/** A TCP proxy in front of Redis: `cut` drops every connection and refuses new ones until `restore`. */
async function redisProxy() {
  const target = new URL(REDIS_URL);
  const links = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((inbound) => {
        const outbound = createConnection({ host: target.hostname, port: Number(target.port || 6379) });
        for (const socket of [inbound, outbound]) {
          links.add(socket);
          socket.on("error", () => undefined);
          socket.on("close", () => {
            links.delete(socket);
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of links) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await listen();
  return { url: `redis://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}

/**
 * Emits until `socket` receives `event`: after Redis returns, the clients reconnect
 * with backoff, so the first emits may still stay on their own process.
 */
async function eventuallyReceives(socket: ClientSocket, event: string, emit: () => void, withinMs = 8_000) {
  let received = false;
  const listener = () => {
    received = true;
  };
  socket.on(event, listener);
  const deadline = Date.now() + withinMs;
  while (!received && Date.now() < deadline) {
    emit();
    await sleep(200);
  }
  socket.off(event, listener);
  return received;
}

type App = Awaited<ReturnType<typeof buildApp>>;

describe.runIf(enabled)("a Redis outage", () => {
  // Anything that escapes (a rejected publish, an 'error' event nobody listens to) lands here.
  const escaped: string[] = [];
  const trap = (error: unknown) =>
    void escaped.push(error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error));
  beforeAll(() => {
    process.on("unhandledRejection", trap);
    process.on("uncaughtException", trap);
  });
  afterAll(() => {
    process.off("unhandledRejection", trap);
    process.off("uncaughtException", trap);
  });

  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  /** The database, and the sign-ins; the servers under test are started beside it on the same database. */
  let env: TestEnv;
  let sockets: ClientSocket[] = [];
  /** Run after each test, last first; a close that hangs on a lost Redis fails the hook, not silently the test. */
  let cleanups: (() => unknown)[] = [];
  beforeEach(async () => {
    proxy = await redisProxy();
    env = await createTestEnv();
    sockets = [];
    cleanups = [() => proxy.close(), () => env.close()];
  });
  afterEach(async () => {
    for (const socket of sockets) socket.close();
    // A polling client says goodbye in a request of its own: if its server stopped listening
    // before that request came, the client's last poll would hold the server's close a ping interval.
    await sleep(100);
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 10_000);

  /** A server process on its own port, with the messages it logs when `logs` is given. */
  async function startServer(redisUrl: string, logs?: string[]): Promise<App & { url: string }> {
    const logger = logs && {
      level: "info",
      stream: { write: (line: string) => void logs.push((JSON.parse(line) as { msg: string }).msg) },
    };
    const server = await buildApp({ config: testConfig({ REDIS_URL: redisUrl }), db: env.db, logger: logger ?? false });
    cleanups.push(() => server.app.close());
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    return { ...server, url: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
  }

  async function openSocket(server: { url: string }, authorization: string): Promise<ClientSocket> {
    const socket = connect(server.url, {
      transports: ["polling"],
      query: { token: authorization.replace("Bearer ", "") },
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", reject);
    });
  }

  const unavailable = (logs: string[]) => logs.filter((msg) => msg.startsWith("redis unavailable"));
  const back = (logs: string[]) => logs.filter((msg) => msg.startsWith("redis back"));

  it("keeps the server answering and local sockets served, and shares events again once Redis returns", async () => {
    const logs: string[] = [];
    const first = await startServer(proxy.url, logs);
    // The other process keeps its own Redis connection: only the first one loses Redis.
    const second = await startServer(REDIS_URL);
    const tenant = await newTenant(env);
    const { id: companyId } = tenant.company;
    const onFirst = await openSocket(first, tenant.adminHeaders.authorization);
    const onSecond = await openSocket(second, tenant.agentHeaders.authorization);
    const tagsSeen: string[] = [];
    onFirst.on(companyEvent.tag(companyId), (payload: { tag?: { name: string } }) => {
      if (payload.tag) tagsSeen.push(payload.tag.name);
    });

    await proxy.cut();
    const statuses: number[] = [];
    const created: string[] = [];
    const until = Date.now() + OUTAGE_MS;
    for (let n = 0; Date.now() < until; n++) {
      const name = `outage-${n}`;
      const tag = await fetch(`${first.url}/tags`, {
        method: "POST",
        headers: { ...tenant.adminHeaders, "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const me = await fetch(`${first.url}/auth/me`, { headers: tenant.adminHeaders });
      statuses.push(tag.status, me.status);
      if (tag.ok) created.push(name);
      await sleep(100);
    }

    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(created.length).toBeGreaterThan(10);
    // Every tag created during the outage reached the socket connected to the same process.
    await expect.poll(() => tagsSeen).toEqual(created);
    expect(escaped).toEqual([]);
    // Once per outage, although both clients fail every reconnect attempt.
    expect(unavailable(logs)).toHaveLength(1);
    expect(back(logs)).toEqual([]);

    await proxy.restore();
    const event = companyEvent.settings(companyId);
    // Published by the first process, received through Redis by the second...
    expect(
      await eventuallyReceives(onSecond, event, () => first.ctx.realtime.toCompany(companyId, event, payload)),
    ).toBe(true);
    // ...and the first process is subscribed again.
    expect(
      await eventuallyReceives(onFirst, event, () => second.ctx.realtime.toCompany(companyId, event, payload)),
    ).toBe(true);
    expect(back(logs)).toHaveLength(1);
    expect(unavailable(logs)).toHaveLength(1);
    expect(escaped).toEqual([]);
  }, 25_000);

  it("starts while Redis is unreachable, and joins the other processes once it answers", async () => {
    await proxy.cut();
    const logs: string[] = [];
    const server = await startServer(proxy.url, logs);
    const other = await startServer(REDIS_URL);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const tenant = await newTenant(env);
    const socket = await openSocket(server, tenant.agentHeaders.authorization);
    const event = companyEvent.settings(tenant.company.id);
    const local = new Promise((resolve) => socket.once(event, resolve));
    server.ctx.realtime.toCompany(tenant.company.id, event, payload);
    await expect(local).resolves.toEqual(payload);
    expect(unavailable(logs)).toHaveLength(1);

    await proxy.restore();
    expect(
      await eventuallyReceives(socket, event, () => other.ctx.realtime.toCompany(tenant.company.id, event, payload)),
    ).toBe(true);
    expect(back(logs)).toHaveLength(1);
    expect(escaped).toEqual([]);
  }, 20_000);
});
