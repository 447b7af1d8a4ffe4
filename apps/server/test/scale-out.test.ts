import { createConnection } from "node:net";
import { companyEvent, type SettingsEventPayload } from "@atendo/shared";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/http/app.js";
import { login, newTenant } from "./factories.js";
import { createTestEnv, type TestEnv, testConfig } from "./harness.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

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

describe.runIf(enabled)("scaling out with Redis", () => {
  let first: TestEnv;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    first = await createTestEnv({ listen: true, config: { REDIS_URL } });
    second = await buildApp({ config: testConfig({ REDIS_URL }), db: first.db, logger: false });
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it("delivers an event raised in one process to a client of the other, and only to its company", async () => {
    const tenant = await newTenant(first);
    const other = await newTenant(first);
    const address = first.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const open = (authorization: string) => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        transports: ["polling"],
        query: { token: authorization.replace("Bearer ", "") },
      });
      return new Promise<typeof socket>((resolve, reject) => {
        socket.on("connect", () => resolve(socket));
        socket.on("connect_error", reject);
      });
    };
    const mine = await open((await login(first, tenant.agent.email)).authorization);
    const theirs = await open(other.agentHeaders.authorization);
    const event = companyEvent.settings(tenant.company.id);
    const payload: SettingsEventPayload = { action: "update", setting: { key: "userRating", value: "enabled" } };
    const leaked: unknown[] = [];
    theirs.on(event, (payload) => leaked.push(payload));
    const received = new Promise((resolve) => mine.on(event, resolve));

    second.ctx.realtime.toCompany(tenant.company.id, event, payload);
    await expect(received).resolves.toEqual(payload);
    expect(leaked).toEqual([]);
    mine.close();
    theirs.close();
  });
});
