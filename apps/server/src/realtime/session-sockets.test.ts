import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { login, newTenant } from "../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../test/harness.js";

/** A socket is let in like an HTTP request, and closes when its session ends. */
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
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => env.close());

function open(headers: { authorization: string }): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ["polling"],
    query: { token: headers.authorization.replace(/^Bearer /, "") },
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket stayed open")), 5000);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe("sockets of ended sessions", () => {
  it("logout closes the session's sockets and its token opens no new one; other sessions stay", async () => {
    const { agent } = await newTenant(env);
    const ending = await login(env, agent.email);
    const staying = await login(env, agent.email);
    const socket = await open(ending);
    const other = await open(staying);

    const gone = closed(socket);
    const response = await env.app.inject({ method: "DELETE", url: "/auth/logout", headers: ending });
    expect(response.statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
    await expect(open(ending)).rejects.toThrow(/ERR_INVALID_TOKEN/);
    expect(other.connected).toBe(true);
  });

  it("a password changed by an admin closes the user's sockets", async () => {
    const { agent, agentHeaders, adminHeaders } = await newTenant(env);
    const socket = await open(agentHeaders);
    const gone = closed(socket);
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { password: "changed-by-admin" },
    });
    expect(response.statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
  });

  it("removing a user closes their sockets", async () => {
    const { agent, agentHeaders, adminHeaders } = await newTenant(env);
    const socket = await open(agentHeaders);
    const gone = closed(socket);
    const response = await env.app.inject({ method: "DELETE", url: `/users/${agent.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
    await expect(open(agentHeaders)).rejects.toThrow(/ERR_INVALID_TOKEN/);
  });
});
