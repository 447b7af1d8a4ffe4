import { randomUUID } from "node:crypto";
import { LANGUAGES, SETTING_KEYS } from "@atendo/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_BY_DATABASE } from "../src/http/error-handler.js";
import { changed, fingerprint } from "./db-fingerprint.js";
import { newQueue, newSuper, newTag, newTenant, newTicket, newWhatsapp } from "./factories.js";
import { createTestEnv, type TestEnv } from "./harness.js";
import {
  type FuzzRequest,
  invalidRequest,
  noisyRequest,
  type Operation,
  operationsOf,
  type Pools,
} from "./openapi-fuzz.js";

const WEBHOOK_TOKEN = "fuzz-webhook-token-0123456789";

let env: TestEnv;
let platform: Awaited<ReturnType<typeof newSuper>>;
let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  env = await createTestEnv({ config: { ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  platform = await newSuper(env);
  tenant = await newTenant(env);
});
afterAll(async () => env.close());

/** The reports, each once by hand. */
describe("bad input the issue reported", () => {
  it("answers an id beyond PostgreSQL's integer with 400, not 500", async () => {
    const response = await env.app.inject({ method: "GET", url: "/tickets/99999999999", headers: tenant.adminHeaders });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("answers a NUL byte in a query string with 400", async () => {
    const response = await env.app.inject({
      method: "GET",
      url: "/contacts?searchParam=%00",
      headers: tenant.adminHeaders,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "querystring.searchParam" }] });
  });

  it("answers a lone UTF-16 surrogate in a body with 400 and writes nothing", async () => {
    const ticket = await newTicket(env.db, tenant.company.id);
    const response = await env.app.inject({
      method: "POST",
      url: "/ticket-notes",
      headers: { ...tenant.adminHeaders, "content-type": "application/json" },
      // JSON.stringify would escape the surrogate as \ud800: exactly what a client sends.
      payload: `{"note":"half a pair: \\ud800","ticketId":${ticket.id},"contactId":${ticket.contactId}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.note" }] });
    const notes = await env.app.inject({
      method: "GET",
      url: `/ticket-notes/list?ticketId=${ticket.id}`,
      headers: tenant.adminHeaders,
    });
    expect(notes.json()).toEqual([]);
  });

  it("answers NUL in a multipart field with 400, the one route-read body the guard's hook cannot see", async () => {
    const ticket = await newTicket(env.db, tenant.company.id);
    const boundary = "----nul";
    const response = await env.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: { ...tenant.adminHeaders, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\u0000there\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.body", message: "nulCharacter" }],
    });
  });

  it("answers PUT /settings/__proto__ (and other Object.prototype names) with 404 ERR_NO_SETTING_FOUND", async () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const response = await env.app.inject({
        method: "PUT",
        url: `/settings/${key}`,
        headers: tenant.adminHeaders,
        payload: { value: "enabled" },
      });
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NO_SETTING_FOUND" });
    }
  });

  it("answers days PostgreSQL cannot read back with 400 (found by the fuzz: 9999-12-31's next midnight)", async () => {
    for (const day of ["9999-12-31", "0000-01-01"]) {
      const response = await env.app.inject({
        method: "GET",
        url: `/tickets?updatedAt=${day}`,
        headers: tenant.adminHeaders,
      });
      expect(response.statusCode, day).toBe(400);
      expect(response.json()).toEqual({
        error: "ERR_VALIDATION",
        fields: [{ path: "querystring.updatedAt", message: "invalidDate" }],
      });
    }
  });

  it('refuses PUT /companies/{id} with dueDate "abc" and keeps the due date', async () => {
    const before = (
      await env.app.inject({ method: "GET", url: `/companies/${tenant.company.id}`, headers: platform.headers })
    ).json();
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}`,
      headers: platform.headers,
      payload: { dueDate: "abc" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.dueDate" }] });
    const after = (
      await env.app.inject({ method: "GET", url: `/companies/${tenant.company.id}`, headers: platform.headers })
    ).json();
    expect(after.dueDate).toBe(before.dueDate);
  });
});

/**
 * Runs per operation: enough to try each kind of invalid part a few times in
 * seconds. FUZZ_RUNS=500 digs deeper (the odd-input runs are half as many).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const NOISE_RUNS = Math.ceil(RUNS / 2);

type Response = Awaited<ReturnType<TestEnv["app"]["inject"]>>;
const label = (operation: Operation) => `${operation.method} ${operation.path}`;

const exchange = (response: Response, request: FuzzRequest) =>
  `${request.method} ${request.url} (${request.poison}) answered ${response.statusCode} ${response.body.slice(0, 300)}`;

/** A 4xx in the spec's shape. A 500 is what the issue reports; a 2xx means invalid input was taken. */
function expectRefusal(response: Response, request: FuzzRequest): void {
  expect(response.statusCode, exchange(response, request)).toBeGreaterThanOrEqual(400);
  expectNoServerError(response, request);
}

function expectNoServerError(response: Response, request: FuzzRequest): void {
  const context = exchange(response, request);
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers["content-type"], context).toMatch(/^application\/json/);
    expect(response.json(), context).toMatchObject({ error: expect.stringMatching(/^ERR_[A-Z_]+$/) });
    // The database's refusal is a last line of defence: reaching it means a schema misses a bound.
    expect(response.json().message, context).not.toBe(REFUSED_BY_DATABASE);
  }
}

/** fast-check's report (the failed assertion names the request), and the seed that replays it. */
function summary(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const seed = error.message.split("\n").find((line) => line.startsWith("{ seed")) ?? "";
  const cause = error.cause instanceof Error ? error.cause.message.split("\n")[0] : error.message;
  return `${cause} ${seed}`;
}

describe("every operation of the OpenAPI document", () => {
  let operations: Operation[];
  let existing: Pools;
  let missing: Pools;
  let connectionToken: string;

  beforeAll(async () => {
    operations = operationsOf(env.app.swagger() as Parameters<typeof operationsOf>[0]);
    const { company, admin, agent } = tenant;
    const queue = await newQueue(env.db, company.id);
    const ticket = await newTicket(env.db, company.id, { queueId: queue.id });
    const tag = await newTag(env.db, company.id);
    const whatsapp = await newWhatsapp(env.db, company.id);
    connectionToken = whatsapp.token ?? "";
    existing = {
      ids: [
        ...new Set([company.id, admin.id, agent.id, queue.id, ticket.id, ticket.contactId, tag.id, whatsapp.id]),
        platform.company.id,
        platform.user.id,
        1,
      ],
      strings: {
        key: [...SETTING_KEYS, "__proto__", "toString"],
        lang: [...LANGUAGES, "xx"],
        email: [admin.email, "nobody@nowhere.test"],
        uuid: [ticket.uuid, randomUUID(), "abc"],
        token: ["abc", "0".repeat(64)],
        newPassword: ["Secret#1234", "short"],
      },
    };
    // Nothing these name exists, so a write through them has nothing to write to.
    missing = {
      ids: [2_147_483_647, 2_000_000_000, 999_999],
      strings: {
        key: ["__proto__", "constructor", "toString", "nope"],
        lang: ["xx", "__proto__"],
        email: ["nobody@nowhere.test"],
        uuid: [randomUUID(), "abc"],
        token: ["abc"],
        newPassword: ["Secret#1234"],
      },
    };
  });

  /**
   * Whose credentials reach each operation's validation: a session (the super
   * admin's or a company admin's) for most; the external API takes a
   * connection's token and the payment webhook its shared secret instead.
   * Anonymous routes ignore the session. The simulator's network routes take
   * no token (SIMULATOR=on in tests) and are fuzzed like the others.
   */
  function credentials(operation: Operation): fc.Arbitrary<Record<string, string>> {
    if (operation.path === "/api/messages/send") return fc.constant({ authorization: `Bearer ${connectionToken}` });
    if (operation.path === "/subscription/webhook") return fc.constant({ "asaas-access-token": WEBHOOK_TOKEN });
    // Mostly the super admin, whom no role check stops before validation.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(platform.headers) },
      { weight: 1, arbitrary: fc.constant(tenant.adminHeaders) },
    );
  }

  /** The sessions the fuzz uses are still alive: a logout taken for valid would have ended them, and every later answer would be a 401. */
  async function expectSessionsAlive(): Promise<void> {
    for (const headers of [platform.headers, tenant.adminHeaders]) {
      expect((await env.app.inject({ method: "GET", url: "/auth/me", headers })).statusCode).toBe(200);
    }
  }

  async function send(request: FuzzRequest, headers: Record<string, string>): Promise<Response> {
    return env.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: { ...headers, ...request.headers },
      payload: request.payload,
    });
  }

  it("refuses invalid input to every operation with a 4xx ERR_ answer, and writes nothing", async () => {
    const failures: string[] = [];
    const validated = new Set<string>();
    let covered = 0;
    const started = Date.now();
    for (const operation of operations) {
      const before = await fingerprint(env);
      try {
        await fc.assert(
          fc.asyncProperty(invalidRequest(operation, existing), credentials(operation), async (request, headers) => {
            const response = await send(request, headers);
            expectRefusal(response, request);
            if (response.statusCode === 400) validated.add(label(operation));
          }),
          { numRuns: RUNS },
        );
      } catch (error) {
        failures.push(`${label(operation)}: ${summary(error)}`);
      }
      const wrote = changed(before, await fingerprint(env));
      if (wrote.length > 0) failures.push(`${label(operation)} wrote to ${wrote.join(", ")}`);
      covered += 1;
    }
    console.log(`[fuzz] ${covered} operations x ${RUNS} invalid requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    expect(covered).toBe(operations.length);
    // Every operation was reached past its authentication at least once: the 400s came from validation.
    expect(operations.map(label).filter((name) => !validated.has(name))).toEqual([]);
    await expectSessionsAlive();
  }, 180_000);

  it("answers odd input to reads, and to writes naming missing rows, without a 500 (and those writes write nothing)", async () => {
    const failures: string[] = [];
    const reached = new Set<string>();
    const started = Date.now();
    const noisy = operations.filter((operation) => operation.method === "GET" || operation.pathParams.length > 0);
    for (const operation of noisy) {
      const read = operation.method === "GET";
      const before = await fingerprint(env);
      try {
        await fc.assert(
          fc.asyncProperty(
            noisyRequest(operation, read ? existing : missing),
            credentials(operation),
            async (request, headers) => {
              const response = await send(request, headers);
              expectNoServerError(response, request);
              if (response.statusCode !== 401 && response.statusCode !== 403) reached.add(label(operation));
            },
          ),
          { numRuns: NOISE_RUNS },
        );
      } catch (error) {
        failures.push(`${label(operation)}: ${summary(error)}`);
      }
      // A read may legitimately write (GET /messages/{ticketId}?markRead=true), a write to nothing may not.
      const wrote = read ? [] : changed(before, await fingerprint(env));
      if (wrote.length > 0) failures.push(`${label(operation)} wrote to ${wrote.join(", ")}`);
    }
    console.log(`[fuzz] ${noisy.length} operations x ${NOISE_RUNS} odd requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    expect(noisy.map(label).filter((name) => !reached.has(name))).toEqual([]);
    await expectSessionsAlive();
  }, 180_000);
});
