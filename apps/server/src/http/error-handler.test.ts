import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../../test/harness.js";
import { frameworkErrors, REFUSED_BY_DATABASE, registerErrorHandler } from "./error-handler.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

/** A bare app with the error handler, whose routes run the queries a schema should have stopped. */
async function appWith(query: ReturnType<typeof sql>) {
  const app = Fastify({ frameworkErrors });
  registerErrorHandler(app);
  app.get("/query", async () => env.db.execute(query));
  app.get("/things/:id", async () => ({}));
  await app.ready();
  return app;
}

describe("the error handler", () => {
  it("answers PostgreSQL's data exceptions with 400 ERR_VALIDATION, as a last line of defence", async () => {
    for (const query of [
      sql`SELECT ${"2147483648"}::int`,
      sql`SELECT ${"abc"}::uuid`,
      sql`SELECT ${"a\u0000b"}::text`,
    ]) {
      const app = await appWith(query);
      const response = await app.inject({ method: "GET", url: "/query" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "ERR_VALIDATION", message: REFUSED_BY_DATABASE });
      await app.close();
    }
  });

  it("keeps other database errors a 500", async () => {
    const app = await appWith(sql`SELECT * FROM no_such_table`);
    const response = await app.inject({ method: "GET", url: "/query" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "ERR_INTERNAL_SERVER_ERROR" });
    await app.close();
  });

  it("answers the router's refusals (a path that is not UTF-8) in the spec's shape", async () => {
    const app = await appWith(sql`SELECT 1`);
    const response = await app.inject({ method: "GET", url: "/things/%ED%A0%80" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    await app.close();
  });
});
