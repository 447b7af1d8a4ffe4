import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant } from "../../test/factories.js";
import { createTestEnv, type TestEnv, testConfig } from "../../test/harness.js";
import { buildApp } from "./app.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

/** An app whose log lines at `level` and above are kept, parsed. */
async function appLoggingAt(level: "info" | "debug") {
  const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const { app } = await buildApp({ config: testConfig(), db: env.db, logger: { level, stream } });
  await app.ready();
  // What starting wrote is not a request's.
  lines.length = 0;
  return { app, lines };
}

describe("request logging", () => {
  it("writes nothing at info for a normal request, a refused one or an unknown route", async () => {
    const tenant = await newTenant(env);
    const { app, lines } = await appLoggingAt("info");
    try {
      const ok = await app.inject({ method: "GET", url: "/tags/list", headers: tenant.adminHeaders });
      expect(ok.statusCode).toBe(200);
      const missing = await app.inject({ method: "GET", url: "/tags/999999", headers: tenant.adminHeaders });
      expect(missing.statusCode).toBe(404);
      const unknown = await app.inject({
        method: "GET",
        url: "/no-such-route",
        headers: { accept: "application/json" },
      });
      expect(unknown.statusCode).toBe(404);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("writes one line per request at debug, with its status", async () => {
    const tenant = await newTenant(env);
    const { app, lines } = await appLoggingAt("debug");
    try {
      await app.inject({ method: "GET", url: "/tags/list", headers: tenant.adminHeaders });
      const requests = lines.filter((line) => line.msg === "request completed");
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ level: 20, res: { statusCode: 200 } });
    } finally {
      await app.close();
    }
  });
});
