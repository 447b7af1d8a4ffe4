import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { linkUserQueue, newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { tickets, userRatings } from "../../db/schema/index.js";
import { upsertSetting } from "../settings/settings.repository.js";

/**
 * REAL SEND PATH (integration with the messages module's sendTicketMessage):
 * transitions through the simulator, nothing mocked. tickets.test.ts mocks the
 * send; this file is the one to run after the messages module is integrated.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const outbound = async (whatsappId: number, to: string) =>
  (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsappId}&to=${to}` })).json() as {
    body: string;
  }[];

describe("ticket transitions over the simulator (real sendTicketMessage)", () => {
  it("accept greets, close asks for a rating, the answer is stored and the completion follows", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const queue = await newQueue(env.db, companyId, { name: "Vendas" });
    await linkUserQueue(env.db, companyId, tenant.agent.id, queue.id);
    const whatsapp = await newWhatsapp(env.db, companyId, {
      provider: "simulator",
      isDefault: true,
      complationMessage: "Atendimento encerrado. Obrigado!",
    });
    await env.ctx.sessions!.start(whatsapp.id);
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
    await upsertSetting(env.db, companyId, "sendGreetingAccepted", "enabled");
    await upsertSetting(env.db, companyId, "userRating", "enabled");

    const from = "5511988887777";
    const inbound = (body: string) =>
      env.app.inject({ method: "POST", url: "/simulator/inbound", payload: { whatsappId: whatsapp.id, from, body } });
    await inbound("Olá");
    let ticketId = 0;
    await vi.waitFor(async () => {
      const [row] = await env.db.select().from(tickets).where(eq(tickets.whatsappId, whatsapp.id));
      expect(row).toBeDefined();
      ticketId = row!.id;
    });
    await env.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticketId));

    const put = (payload: Record<string, unknown>) =>
      env.app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers: tenant.agentHeaders, payload });
    expect((await put({ status: "open" })).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await outbound(whatsapp.id, from)).map((m) => m.body).join("\n")).toContain(tenant.agent.name),
    );

    expect((await put({ status: "closed" })).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await outbound(whatsapp.id, from)).at(-1)?.body).toBe("Por favor, avalie nosso atendimento de 1 a 3"),
    );
    await inbound("2");
    await vi.waitFor(async () =>
      expect(await env.db.select().from(userRatings).where(eq(userRatings.ticketId, ticketId))).toMatchObject([
        { rate: 2, userId: tenant.agent.id },
      ]),
    );
    await vi.waitFor(async () =>
      expect((await outbound(whatsapp.id, from)).at(-1)?.body).toBe("Atendimento encerrado. Obrigado!"),
    );
  });
});
