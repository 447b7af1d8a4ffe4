import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "./harness.js";
import { operationsOf } from "./openapi-fuzz.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

describe("the OpenAPI document's security", () => {
  it("declares the bearer scheme on exactly the operations that refuse a call without a token", async () => {
    const served = await env.app.inject({ method: "GET", url: "/docs/json" });
    const document = served.json() as Parameters<typeof operationsOf>[0] & {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const declared: string[] = [];
    const refused: string[] = [];
    for (const operation of operationsOf(document)) {
      const name = `${operation.method} ${operation.path}`;
      if (document.paths[operation.path]?.[operation.method.toLowerCase()]?.security) declared.push(name);
      // Path parameters as "1" and an empty body: the session check runs before either is read.
      const response = await env.app.inject({
        method: operation.method as "GET",
        url: operation.path.replace(/\{\w+\}/g, "1"),
        ...(operation.method === "GET" ? {} : { payload: {} }),
      });
      // POST /auth/refresh_token refuses too, for its missing cookie: the refresh token never travels as a bearer.
      const bearer = name !== "POST /auth/refresh_token";
      if (bearer && response.statusCode === 401 && response.json().error === "ERR_INVALID_TOKEN") refused.push(name);
    }
    expect(declared).toEqual(refused);
    expect(declared.length).toBeGreaterThan(80);
  });
});
