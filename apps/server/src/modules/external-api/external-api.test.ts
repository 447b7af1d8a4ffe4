import { EXTERNAL_API_RATE_LIMIT } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPlan, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function connectedApi(planValues: { useExternalApi?: boolean } = {}) {
  const plan = await newPlan(env.db, planValues);
  const tenant = await newTenant(env, { planId: plan.id });
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  return { ...tenant, whatsapp, authorization: `Bearer ${whatsapp.token}` };
}

const apiSend = (authorization: string | undefined, payload: Record<string, unknown>) =>
  env.app.inject({
    method: "POST",
    url: "/api/messages/send",
    headers: authorization ? { authorization } : {},
    payload,
  });

const outbound = async (whatsappId: number, to: string) =>
  (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsappId}&to=${to}` })).json() as {
    body: string;
    mediaType: string | null;
  }[];

describe("POST /api/messages/send", () => {
  it("creates the contact and an open ticket, sends, and reuses the ticket next time", async () => {
    const { company, whatsapp, authorization } = await connectedApi();
    const number = "5511988887777";
    const response = await apiSend(authorization, { number, body: "Your order shipped" });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ message: "sent", ticketId: expect.any(Number), messageId: expect.any(Number) });

    const [contact] = await env.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, number)));
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, answer.ticketId));
    expect(ticket).toMatchObject({
      companyId: company.id,
      contactId: contact!.id,
      whatsappId: whatsapp.id,
      status: "open",
      lastMessage: "Your order shipped",
    });
    const [message] = await env.db.select().from(messages).where(eq(messages.id, answer.messageId));
    expect(message).toMatchObject({ ticketId: ticket!.id, fromMe: true, body: "Your order shipped", ack: 1 });
    expect((await outbound(whatsapp.id, number)).map((m) => m.body)).toEqual(["Your order shipped"]);

    const again = (await apiSend(authorization, { number, body: "Delivered" })).json();
    expect(again.ticketId).toBe(answer.ticketId);
  });

  it("sends multipart media", async () => {
    const { whatsapp, authorization } = await connectedApi();
    const form = new FormData();
    form.append("number", "5511977776666");
    form.append("body", "Invoice");
    form.append("medias", new Blob([PNG]), "invoice.png");
    const encoded = new Response(form);
    const response = await env.app.inject({
      method: "POST",
      url: "/api/messages/send",
      headers: { authorization, "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await env.db.select().from(messages).where(eq(messages.id, response.json().messageId));
    expect(row).toMatchObject({ mediaType: "image", mediaName: "invoice.png", body: "Invoice" });
    expect((await outbound(whatsapp.id, "5511977776666"))[0]).toMatchObject({ mediaType: "image" });
  });

  it("answers 401 ERR_INVALID_TOKEN for a missing or unknown token", async () => {
    await connectedApi();
    for (const authorization of [undefined, "Bearer not-a-token", "Basic abc"]) {
      const response = await apiSend(authorization, { number: "5511988887777", body: "x" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    }
  });

  it("answers 403 ERR_NO_PERMISSION when the plan lacks useExternalApi", async () => {
    const { company, authorization } = await connectedApi({ useExternalApi: false });
    const response = await apiSend(authorization, { number: "5511988887777", body: "x" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await env.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toEqual([]);
  });

  it("answers 400 ERR_VALIDATION for a number that is not 8-15 digits, or a blank body", async () => {
    const { company, authorization } = await connectedApi();
    for (const number of ["+5511988887777", "55 11 98888", "1234567", "1234567890123456", "abc"]) {
      const response = await apiSend(authorization, { number, body: "x" });
      expect(response.statusCode, number).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.number" }] });
    }
    const blank = await apiSend(authorization, { number: "5511988887777", body: "  " });
    expect(blank.statusCode).toBe(400);
    expect(await env.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toEqual([]);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED on a disconnected connection without opening a ticket", async () => {
    const { company, whatsapp, authorization } = await connectedApi();
    await env.ctx.sessions!.logout(whatsapp.id);
    const response = await apiSend(authorization, { number: "5511988887777", body: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(await env.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toEqual([]);
  });

  it("rate limits each token with 429 ERR_TOO_MANY_REQUESTS", async () => {
    const { authorization } = await connectedApi();
    const other = await connectedApi();
    for (let i = 0; i < EXTERNAL_API_RATE_LIMIT; i++) {
      expect((await apiSend(authorization, { number: "1", body: "x" })).statusCode).toBe(400);
    }
    const limited = await apiSend(authorization, { number: "5511988887777", body: "x" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "ERR_TOO_MANY_REQUESTS" });
    // Another connection's token has its own window.
    expect((await apiSend(other.authorization, { number: "5511988887777", body: "x" })).statusCode).toBe(200);
  });

  it("is documented under the external api tag with a bearer security entry", async () => {
    const spec = (await env.app.inject({ url: "/docs/json" })).json();
    const operation = spec.paths["/api/messages/send"].post;
    expect(operation.tags).toEqual(["external api"]);
    expect(operation.security).toEqual([{ bearer: [] }]);
  });
});
