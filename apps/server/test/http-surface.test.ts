import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContact, newSuper, newTenant, newTicket, newWhatsapp } from "./factories.js";
import { createTestEnv, type TestEnv } from "./harness.js";
import { BUILT_AREAS, SPEC_ROUTES, type SpecRoute } from "./spec-routes.js";

/**
 * The HTTP surface as an outside client meets it: the spec's paths with and
 * without a trailing slash, not-found answers that say what is missing, the
 * health probe, which client address counts for the limits, security headers
 * and CORS for a separately hosted client.
 */
type Tenant = Awaited<ReturnType<typeof newTenant>>;
type Super = Awaited<ReturnType<typeof newSuper>>;

/** An id inside the column's range that no row has. */
const MISSING_ID = "2147483000";
const PARAM_VALUES: Record<string, string> = {
  email: "nobody@example.com",
  token: "123456",
  newPassword: "Whatever#2026",
  lang: "pt",
  key: "userCreation",
};

const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_match, name: string) => PARAM_VALUES[name] ?? MISSING_ID);

describe("trailing slashes and unknown paths", () => {
  let env: TestEnv;
  let tenant: Tenant;
  let platform: Super;

  beforeAll(async () => {
    env = await createTestEnv();
    tenant = await newTenant(env);
    platform = await newSuper(env);
  });
  afterAll(async () => env.close());

  const headersFor = (route: SpecRoute) =>
    route.who === "anon" ? {} : route.who === "super" ? platform.headers : tenant.adminHeaders;

  async function call(route: SpecRoute, url: string) {
    const response = await env.app.inject({
      method: route.method,
      url,
      headers: { accept: "application/json", ...headersFor(route) },
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
    });
    const body = response.body ? (JSON.parse(response.body) as { error?: string }) : {};
    return { status: response.statusCode, error: body.error };
  }

  // Logging out ends the session that calls it; it has a case of its own below.
  const routes = SPEC_ROUTES.filter((route) => route.path !== "/auth/logout");

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s answers the same with a trailing slash",
    async (_name, route) => {
      // The spec writes a few paths with the slash (GET /users/): the other form is then without it.
      const url = fill(route.path).replace(/\/$/, "");
      const plain = await call(route, url);
      const slashed = await call(route, `${url}/`);
      expect(slashed, `${route.method} ${url}/`).toEqual(plain);
      if (BUILT_AREAS.has(route.area)) expect(plain.error, `${route.method} ${url}`).not.toBe("ERR_ROUTE_NOT_FOUND");
    },
  );

  it("DELETE /auth/logout/ logs out like DELETE /auth/logout", async () => {
    for (const url of ["/auth/logout", "/auth/logout/"]) {
      const { adminHeaders } = await newTenant(env);
      const response = await env.app.inject({ method: "DELETE", url, headers: adminHeaders });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("the original client's list calls with a trailing slash and a query answer the list", async () => {
    for (const url of ["/whatsapp/?session=0", "/tags/", "/queue/", "/users/", "/contacts/"]) {
      const response = await env.app.inject({ url, headers: { ...tenant.adminHeaders, accept: "application/json" } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("an unknown path answers ERR_ROUTE_NOT_FOUND, distinct from a missing record", async () => {
    const response = await env.app.inject({ url: "/no-such-thing", headers: { accept: "application/json" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_ROUTE_NOT_FOUND" });
  });
});

describe("missing records answer the catalogue's specific code", () => {
  let env: TestEnv;
  let tenant: Tenant;
  let other: Tenant;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    env = await createTestEnv();
    tenant = await newTenant(env);
    other = await newTenant(env);
    // Another company's records must answer exactly like records that do not exist.
    const contact = await newContact(env.db, other.company.id);
    ids.contact = contact.id;
    ids.ticket = (await newTicket(env.db, other.company.id, { contactId: contact.id })).id;
    ids.whatsapp = (await newWhatsapp(env.db, other.company.id)).id;
    ids.user = other.agent.id;
  });
  afterAll(async () => env.close());

  const CASES: [method: "GET" | "PUT" | "DELETE" | "POST", path: string, kind: string, code: string, body?: object][] =
    [
      ["GET", "/tickets/{id}", "ticket", "ERR_NO_TICKET_FOUND"],
      ["PUT", "/tickets/{id}", "ticket", "ERR_NO_TICKET_FOUND", { status: "closed" }],
      ["DELETE", "/tickets/{id}", "ticket", "ERR_NO_TICKET_FOUND"],
      ["GET", "/messages/{id}", "ticket", "ERR_NO_TICKET_FOUND"],
      ["POST", "/messages/{id}", "ticket", "ERR_NO_TICKET_FOUND", { body: "hello" }],
      ["GET", "/contacts/{id}", "contact", "ERR_NO_CONTACT_FOUND"],
      ["PUT", "/contacts/{id}", "contact", "ERR_NO_CONTACT_FOUND", { name: "Someone" }],
      ["DELETE", "/contacts/{id}", "contact", "ERR_NO_CONTACT_FOUND"],
      ["GET", "/users/{id}", "user", "ERR_NO_USER_FOUND"],
      ["PUT", "/users/{id}", "user", "ERR_NO_USER_FOUND", { name: "Someone" }],
      ["DELETE", "/users/{id}", "user", "ERR_NO_USER_FOUND"],
      ["GET", "/whatsapp/{id}", "whatsapp", "ERR_NO_WAPP_FOUND"],
      ["PUT", "/whatsapp/{id}", "whatsapp", "ERR_NO_WAPP_FOUND", { name: "Another" }],
      ["DELETE", "/whatsapp/{id}", "whatsapp", "ERR_NO_WAPP_FOUND"],
      ["POST", "/whatsappsession/{id}", "whatsapp", "ERR_NO_WAPP_FOUND"],
      ["PUT", "/whatsappsession/{id}", "whatsapp", "ERR_NO_WAPP_FOUND"],
      ["DELETE", "/whatsappsession/{id}", "whatsapp", "ERR_NO_WAPP_FOUND"],
    ];

  it.each(CASES)("%s %s answers 404 %s for a missing or foreign %s", async (method, path, kind, code, body) => {
    for (const id of [MISSING_ID, String(ids[kind])]) {
      const url = path.replace("{id}", id);
      const response = await env.app.inject({
        method,
        url,
        headers: tenant.adminHeaders,
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().error, `${method} ${url}`).toBe(code);
    }
  });

  it("PUT /settings/{key} with an unknown key answers ERR_NO_SETTING_FOUND", async () => {
    const response = await env.app.inject({
      method: "PUT",
      url: "/settings/noSuchSetting",
      headers: tenant.adminHeaders,
      payload: { value: "enabled" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_SETTING_FOUND");
  });
});

describe("health", () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => env.close());

  it("GET /health and a plain GET / answer JSON with the database's state", async () => {
    for (const url of ["/health", "/"]) {
      const response = await env.app.inject({ url, headers: { accept: "*/*" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ status: "ok", database: "up" });
    }
  });

  it("answers 503 with database down while the database refuses connections", async () => {
    const name = new URL(env.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl(env) });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      const response = await env.app.inject({ url: "/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "degraded", database: "down" });
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    // A pooled connection the server terminated may fail one more probe before the pool replaces it.
    await expect
      .poll(async () => (await env.app.inject({ url: "/health" })).json(), { timeout: 5000 })
      .toMatchObject({ status: "ok", database: "up" });
  });
});

/** The maintenance database of the server the test database lives on. */
function adminUrl(env: TestEnv): string {
  const url = new URL(env.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = "/postgres";
  return url.toString();
}

describe("client address and the per-IP login limit", () => {
  const failedLogin = (env: TestEnv, forwardedFor: string) =>
    env.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { email: "nobody@example.com", password: "wrong-password" },
    });

  it("trusts no proxy by default: X-Forwarded-For cannot dodge the limit", async () => {
    const env = await createTestEnv({ config: { LOGIN_IP_RATE_LIMIT: "3", LOGIN_RATE_LIMIT: "1000" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await failedLogin(env, `203.0.113.${i + 1}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await env.close();
    }
  });

  it("with TRUST_PROXY set, the forwarded address is the client's", async () => {
    const env = await createTestEnv({
      config: { TRUST_PROXY: "127.0.0.1", LOGIN_IP_RATE_LIMIT: "3", LOGIN_RATE_LIMIT: "1000" },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await failedLogin(env, `203.0.113.${i + 1}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401]);
      for (let i = 0; i < 3; i++) await failedLogin(env, "198.51.100.7");
      expect((await failedLogin(env, "198.51.100.7")).statusCode).toBe(429);
    } finally {
      await env.close();
    }
  });
});

describe("security headers and CORS", () => {
  it("every answer carries the CSP, nosniff, frame and referrer policies; HSTS only in production", async () => {
    const env = await createTestEnv();
    try {
      for (const url of ["/health", "/auth/me", "/no-such-thing"]) {
        const response = await env.app.inject({ url });
        const csp = String(response.headers["content-security-policy"]);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("object-src 'none'");
        expect(response.headers["x-content-type-options"], url).toBe("nosniff");
        expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        expect(response.headers["strict-transport-security"], url).toBeUndefined();
      }
    } finally {
      await env.close();
    }
    const production = await createTestEnv({
      config: {
        NODE_ENV: "production",
        JWT_SECRET: "a-production-secret-for-tests",
      },
    });
    try {
      const response = await production.app.inject({ url: "/health" });
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await production.close();
    }
  });

  it("a separately hosted client may PUT and DELETE", async () => {
    const env = await createTestEnv({ config: { WEB_ORIGIN: "https://app.example.com" } });
    try {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const response = await env.app.inject({
          method: "OPTIONS",
          url: "/tags/1",
          headers: {
            origin: "https://app.example.com",
            "access-control-request-method": method,
            "access-control-request-headers": "authorization,content-type",
          },
        });
        expect(response.statusCode, method).toBeLessThan(300);
        expect(String(response.headers["access-control-allow-methods"]), method).toContain(method);
        expect(response.headers["access-control-allow-origin"]).toBe("https://app.example.com");
      }
    } finally {
      await env.close();
    }
  });
});
