import { checkFlowContent, FlowContent, INVOICE_LEAD_DAYS } from "@atendo/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, helps, plans, queues, whatsappQueues, whatsapps } from "../src/db/schema/index.js";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../src/demo/seed.js";
import { DEMO_CUSTOMER, DEMO_FLOW_PHRASE, DEMO_NEEDS_KEY } from "../src/demo/seed-demo-content.js";
import { selectRows } from "../src/modules/presence/presence.repository.js";
import { createTestEnv, type TestEnv } from "./harness.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  expect(await seedDemo(env.db, env.ctx)).toBe(true);
});
afterAll(async () => env.close());

async function loginHeaders(email: string) {
  const response = await env.app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, email).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

describe("demo seed", () => {
  it("creates the demo company once, with its logins, queues and simulator connection", async () => {
    // A second start finds a company and adds nothing.
    expect(await seedDemo(env.db, env.ctx)).toBe(false);

    const [company] = await env.db.select().from(companies);
    expect(company).toMatchObject({ name: "Demo", status: true });
    const [plan] = await env.db.select().from(plans).where(eq(plans.id, company!.planId!));
    expect(plan).toMatchObject({
      name: "Demo",
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });
    expect(await env.db.select().from(queues)).toHaveLength(2);
    const [connection] = await env.db.select().from(whatsapps);
    expect(connection).toMatchObject({ provider: "simulator", isDefault: true, companyId: company!.id });
    expect(await env.db.select().from(whatsappQueues)).toHaveLength(2);
    expect(await env.db.select().from(companies)).toHaveLength(1);
    expect(await env.db.select().from(helps)).toHaveLength(3);

    for (const email of Object.values(DEMO_LOGINS)) await loginHeaders(email);
    const superLogin = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: DEMO_LOGINS.super, password: DEMO_PASSWORD },
    });
    expect(superLogin.json().user).toMatchObject({ super: true, profile: "admin" });
  });

  it("gives every area sample data, as the admin's pages read it", async () => {
    const admin = await loginHeaders(DEMO_LOGINS.admin);
    const get = async (url: string, headers = admin) => {
      const response = await env.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };

    const helpList: { title: string }[] = await get("/helps/list");
    expect(helpList.map((help) => help.title).sort()).toEqual([
      "Atendendo um ticket",
      "Campanhas e listas de contatos",
      "Conectando o WhatsApp",
    ]);

    // The open fee is the one the invoice job issues before the company's due date: the subscription
    // page's days left and Financeiro's invoice tell the same story.
    const invoices = await get("/invoices/all");
    expect(invoices.invoices).toEqual([expect.objectContaining({ detail: "Demo", value: 49, status: "open" })]);
    const session = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: DEMO_LOGINS.admin, password: DEMO_PASSWORD },
    });
    const companyDueDate: string = session.json().user.company.dueDate;
    expect(invoices.invoices[0].dueDate).toBe(companyDueDate);
    expect(Date.parse(companyDueDate) - Date.now()).toBeGreaterThan((INVOICE_LEAD_DAYS - 1) * 24 * 60 * 60 * 1000);

    const lists = await get("/contact-lists");
    expect(lists.records).toEqual([expect.objectContaining({ name: "Clientes da demo", contactsCount: 5 })]);
    const campaignList = await get("/campaigns");
    expect(campaignList.records).toEqual([
      expect.objectContaining({
        name: "Novidades da semana",
        status: "FINALIZADA",
        contactList: expect.objectContaining({ name: "Clientes da demo" }),
        whatsapp: expect.objectContaining({ name: "Simulador" }),
        progress: { valid: 4, delivered: 3, failed: 1 },
      }),
    ]);
    const report = await get(`/campaigns/${campaignList.records[0].id}`);
    expect(report.completedAt).not.toBeNull();
    const delivered = report.shipping.filter((row: { deliveredAt: string | null }) => row.deliveredAt !== null);
    expect(delivered.map((row: { name: string }) => row.name)).toEqual(["Carla Mendes", "Diego Rocha", "Elisa Prado"]);
    expect(delivered[0].message).toContain("Olá Carla!");
    expect(report.shipping.filter((row: { failedAt: string | null }) => row.failedAt !== null)).toHaveLength(1);

    const scheduleList = await get("/schedules");
    expect(scheduleList.schedules).toEqual([
      expect.objectContaining({ status: "PENDENTE", contact: expect.objectContaining(DEMO_CUSTOMER) }),
    ]);
    expect(Date.parse(scheduleList.schedules[0].sendAt)).toBeGreaterThan(Date.now());
    // Its send is queued with it: the job exists, due at the schedule's time.
    const scheduleId = String(scheduleList.schedules[0].id);
    const jobs = await selectRows<{ start_after: string | Date }>(
      env.db,
      sql`select start_after from pgboss.job where name = 'schedules.send' and data->>'scheduleId' = ${scheduleId}`,
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe(scheduleList.schedules[0].sendAt);

    const flowList = await get("/flowbuilder");
    expect(flowList.flows).toEqual([expect.objectContaining({ name: "Boas-vindas da demo", active: true })]);
    const flowId = flowList.flows[0].id;
    const document = await get(`/flowbuilder/flow/${flowId}`);
    const content = FlowContent.superRefine(checkFlowContent).parse(document.flow.flow);
    expect(content.nodes.map((node) => node.type)).toEqual(["start", "message", "menu", "ticket", "ticket"]);
    // Laid out as its edges run, left to right (handles on the sides), so the demo opens readable.
    const positionOf = new Map(content.nodes.map((node) => [node.id, node.position]));
    for (const edge of content.connections) {
      expect(positionOf.get(edge.target)!.x, edge.id).toBeGreaterThan(positionOf.get(edge.source)!.x);
    }
    const phrases = await get("/flowcampaign");
    expect(phrases.flow).toEqual([expect.objectContaining({ phrase: DEMO_FLOW_PHRASE, flowId, status: true })]);

    const promptList = await get("/prompt");
    expect(promptList.prompts).toEqual([expect.objectContaining({ name: DEMO_NEEDS_KEY, apiKey: "", queueId: null })]);
    const integrations = await get("/queueIntegration");
    expect(integrations.queueIntegrations).toEqual([expect.objectContaining({ type: "flowbuilder", flowId })]);

    // The group chat: every demo user is a member; the agent has the admin's last message unread.
    const agent = await loginHeaders(DEMO_LOGINS.agent);
    const chats = await get("/chats", agent);
    expect(chats.records).toEqual([expect.objectContaining({ title: "Equipe" })]);
    expect(chats.records[0].users).toHaveLength(3);
    expect(chats.unreadChats).toBe(1);
  });

  it("pairs the simulator and, once the connection starts, its customers' messages open pending tickets", async () => {
    const [connection] = await env.db.select().from(whatsapps);
    // What the server does when it starts listening (onReady); this harness was ready before the seed.
    await env.ctx.sessions!.start(connection!.id);
    const admin = await loginHeaders(DEMO_LOGINS.admin);
    const deadline = Date.now() + 20_000;
    let tickets: { status: string; contact: { name: string }; lastMessage: string }[] = [];
    while (Date.now() < deadline) {
      const response = await env.app.inject({ url: "/tickets?status=pending&showAll=true", headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      tickets = response.json().tickets;
      if (tickets.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(tickets.map((ticket) => ticket.contact.name).sort()).toEqual([
      "Carlos Lima",
      DEMO_CUSTOMER.name,
      "Mariana Souza",
    ]);
    const [status] = await env.db
      .select({ status: whatsapps.status })
      .from(whatsapps)
      .where(eq(whatsapps.id, connection!.id));
    expect(status!.status).toBe("CONNECTED");
    const mariana = tickets.find((ticket) => ticket.contact.name === "Mariana Souza")!;
    expect(mariana.lastMessage).toBeTruthy();
  });
});
