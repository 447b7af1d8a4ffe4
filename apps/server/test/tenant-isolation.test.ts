import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  campaigns,
  chatMessages,
  chats,
  chatUsers,
  contactListItems,
  contactLists,
  fileListOptions,
  fileLists,
  flowCampaigns,
  flows,
  invoices,
  messages,
  queueIntegrations,
  queueOptions,
  quickMessages,
  schedules,
  ticketNotes,
} from "../src/db/schema/index.js";
import {
  newContact,
  newIntegration,
  newPrompt,
  newQueue,
  newTag,
  newTenant,
  newTicket,
  newWhatsapp,
} from "./factories.js";
import { createTestEnv, type TestEnv } from "./harness.js";

/**
 * Every route that takes an id of tenant data: an admin of company B asking for
 * company A's record gets 404, and A's record is unchanged. Later routes join
 * by adding a row here.
 */
type Tenant = Awaited<ReturnType<typeof newTenant>>;
interface Case {
  method: "GET" | "PUT" | "DELETE" | "POST";
  /** Builds the URL from company A's records. */
  url: (a: Records) => string;
  /** A body, or one built from company A's records. */
  payload?: Record<string, unknown> | ((a: Records) => Record<string, unknown>);
}
interface Records {
  tenant: Tenant;
  queueId: number;
  contactId: number;
  ticketId: number;
  ticketUuid: string;
  messageId: number;
  tagId: number;
  noteId: number;
  quickMessageId: number;
  queueOptionId: number;
  whatsappId: number;
  /** A connection on the simulated network (the simulator page's routes know no other). */
  simulatorId: number;
  invoiceId: number;
  fileListId: number;
  contactListId: number;
  contactListItemId: number;
  scheduleId: number;
  campaignId: number;
  flowId: number;
  flowCampaignId: number;
  promptId: number;
  /** Company B's own queue: a prompt moved to it is refused for the prompt's sake alone. */
  bQueueId: number;
  /** An n8n integration: its signing key is what a hijacked rotation would change. */
  integrationId: number;
  /** A dialogflow integration: its stored service account is what a hijacked test would use. */
  dialogflowIntegrationId: number;
  /** The sealed signing key and service account as stored, to check they stay. */
  integrationSecrets: string[];
  /** A chat of A's admin and attendant, with one message (its paths take the id or the uuid). */
  chatId: number;
  chatUuid: string;
}

const CASES: Case[] = [
  { method: "GET", url: (a) => `/users/${a.tenant.agent.id}` },
  { method: "PUT", url: (a) => `/users/${a.tenant.agent.id}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/users/${a.tenant.agent.id}` },
  { method: "GET", url: (a) => `/queue/${a.queueId}` },
  { method: "PUT", url: (a) => `/queue/${a.queueId}`, payload: { name: "Hijacked", color: "#123456" } },
  { method: "DELETE", url: (a) => `/queue/${a.queueId}` },
  { method: "GET", url: (a) => `/companies/listPlan/${a.tenant.company.id}` },
  {
    method: "PUT",
    url: (a) => `/companies/${a.tenant.company.id}/schedules`,
    payload: { schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "10:00" }] },
  },
  { method: "GET", url: (a) => `/contacts/${a.contactId}` },
  { method: "PUT", url: (a) => `/contacts/${a.contactId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/contacts/${a.contactId}` },
  { method: "GET", url: (a) => `/ticket-notes/list?ticketId=${a.ticketId}` },
  {
    method: "POST",
    url: () => "/ticket-notes",
    payload: (a) => ({ note: "Sneaky note", ticketId: a.ticketId, contactId: a.contactId }),
  },
  { method: "POST", url: () => "/tags/sync", payload: (a) => ({ ticketId: a.ticketId, tags: [] }) },
  { method: "DELETE", url: (a) => `/ticket-notes/${a.noteId}` },
  { method: "GET", url: (a) => `/tags/${a.tagId}` },
  { method: "PUT", url: (a) => `/tags/${a.tagId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/tags/${a.tagId}` },
  { method: "PUT", url: (a) => `/ticket-tags/${a.ticketId}/${a.tagId}` },
  { method: "DELETE", url: (a) => `/ticket-tags/${a.ticketId}` },
  { method: "GET", url: (a) => `/quick-messages/${a.quickMessageId}` },
  { method: "PUT", url: (a) => `/quick-messages/${a.quickMessageId}`, payload: { shortcode: "hijacked" } },
  { method: "DELETE", url: (a) => `/quick-messages/${a.quickMessageId}` },
  { method: "DELETE", url: (a) => `/quick-messages/${a.quickMessageId}/media-upload` },
  { method: "GET", url: (a) => `/queue-options?queueId=${a.queueId}` },
  { method: "PUT", url: (a) => `/queue-options/${a.queueOptionId}`, payload: { title: "Hijacked" } },
  { method: "DELETE", url: (a) => `/queue-options/${a.queueOptionId}` },
  { method: "GET", url: (a) => `/tickets/${a.ticketId}` },
  { method: "GET", url: (a) => `/tickets/u/${a.ticketUuid}` },
  { method: "PUT", url: (a) => `/tickets/${a.ticketId}`, payload: { status: "closed" } },
  { method: "DELETE", url: (a) => `/tickets/${a.ticketId}` },
  { method: "POST", url: () => "/tickets", payload: (a) => ({ contactId: a.contactId, queueId: a.queueId }) },
  { method: "GET", url: (a) => `/messages/${a.ticketId}` },
  { method: "POST", url: (a) => `/messages/${a.ticketId}`, payload: { body: "Sneaky" } },
  { method: "DELETE", url: (a) => `/messages/${a.messageId}` },
  { method: "GET", url: (a) => `/whatsapp/${a.whatsappId}` },
  { method: "PUT", url: (a) => `/whatsapp/${a.whatsappId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/whatsapp/${a.whatsappId}` },
  { method: "POST", url: (a) => `/whatsappsession/${a.whatsappId}` },
  { method: "PUT", url: (a) => `/whatsappsession/${a.whatsappId}` },
  { method: "DELETE", url: (a) => `/whatsappsession/${a.whatsappId}` },
  // WhatsApp Cloud API (issue 16): templates of a connection, the ticket's window, a template send.
  { method: "GET", url: (a) => `/whatsapp/${a.whatsappId}/templates` },
  { method: "GET", url: (a) => `/messages/${a.ticketId}/window` },
  {
    method: "POST",
    url: (a) => `/messages/${a.ticketId}/template`,
    payload: { name: "sneaky", language: "pt_BR", variables: [] },
  },
  { method: "GET", url: (a) => `/simulator/chats/${a.simulatorId}` },
  { method: "GET", url: (a) => `/simulator/chats/${a.simulatorId}/messages?number=5511999990001` },
  { method: "GET", url: (a) => `/invoices/${a.invoiceId}` },
  { method: "GET", url: (a) => `/files/${a.fileListId}` },
  { method: "PUT", url: (a) => `/files/${a.fileListId}`, payload: { name: "Hijacked", options: [] } },
  { method: "DELETE", url: (a) => `/files/${a.fileListId}` },
  { method: "POST", url: (a) => `/files/uploadList/${a.fileListId}`, payload: {} },
  {
    method: "POST",
    url: () => "/subscription",
    payload: (a) => ({
      firstName: "Sneaky",
      address2: "Rua A, 1",
      city: "São Paulo",
      state: "SP",
      zipcode: "01001-000",
      country: "Brasil",
      plan: a.tenant.company.planId,
      price: 49,
      invoiceId: a.invoiceId,
    }),
  },
  { method: "GET", url: (a) => `/contact-lists/${a.contactListId}` },
  { method: "PUT", url: (a) => `/contact-lists/${a.contactListId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/contact-lists/${a.contactListId}` },
  { method: "POST", url: (a) => `/contact-lists/${a.contactListId}/upload`, payload: {} },
  { method: "GET", url: (a) => `/contact-list-items?contactListId=${a.contactListId}` },
  {
    method: "POST",
    url: () => "/contact-list-items",
    payload: (a) => ({ contactListId: a.contactListId, name: "Sneaky", number: "5511999990009" }),
  },
  { method: "GET", url: (a) => `/contact-list-items/${a.contactListItemId}` },
  { method: "PUT", url: (a) => `/contact-list-items/${a.contactListItemId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/contact-list-items/${a.contactListItemId}` },
  { method: "GET", url: (a) => `/schedules/${a.scheduleId}` },
  { method: "PUT", url: (a) => `/schedules/${a.scheduleId}`, payload: { body: "Hijacked message" } },
  { method: "DELETE", url: (a) => `/schedules/${a.scheduleId}` },
  { method: "POST", url: (a) => `/schedules/${a.scheduleId}/media-upload`, payload: {} },
  { method: "DELETE", url: (a) => `/schedules/${a.scheduleId}/media-upload` },
  {
    method: "POST",
    url: () => "/schedules",
    payload: (a) => ({ body: "Sneaky message", contactId: a.contactId, sendAt: "2031-01-01T10:00:00.000Z" }),
  },
  { method: "GET", url: (a) => `/campaigns/${a.campaignId}` },
  { method: "PUT", url: (a) => `/campaigns/${a.campaignId}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/campaigns/${a.campaignId}` },
  { method: "POST", url: (a) => `/campaigns/${a.campaignId}/cancel` },
  { method: "POST", url: (a) => `/campaigns/${a.campaignId}/restart` },
  { method: "POST", url: (a) => `/campaigns/${a.campaignId}/media-upload`, payload: {} },
  { method: "DELETE", url: (a) => `/campaigns/${a.campaignId}/media-upload` },
  { method: "GET", url: (a) => `/flowbuilder/flow/${a.flowId}` },
  { method: "PUT", url: () => "/flowbuilder", payload: (a) => ({ flowId: a.flowId, name: "Hijacked" }) },
  { method: "DELETE", url: (a) => `/flowbuilder/${a.flowId}` },
  { method: "POST", url: () => "/flowbuilder/duplicate", payload: (a) => ({ flowId: a.flowId }) },
  {
    method: "POST",
    url: () => "/flowbuilder/flow",
    payload: (a) => ({
      idFlow: a.flowId,
      nodes: [{ id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Hijacked" } }],
      connections: [],
    }),
  },
  { method: "GET", url: (a) => `/flowcampaign/${a.flowCampaignId}` },
  {
    method: "PUT",
    url: () => "/flowcampaign",
    payload: (a) => ({
      id: a.flowCampaignId,
      name: "Hijacked",
      flowId: a.flowId,
      whatsappId: a.whatsappId,
      phrase: "hijacked",
      status: true,
    }),
  },
  { method: "DELETE", url: (a) => `/flowcampaign/${a.flowCampaignId}` },
  {
    method: "POST",
    url: () => "/flowcampaign",
    payload: (a) => ({ name: "Sneaky", flowId: a.flowId, whatsappId: a.whatsappId, phrase: "sneaky" }),
  },
  { method: "GET", url: (a) => `/prompt/${a.promptId}` },
  {
    method: "PUT",
    url: (a) => `/prompt/${a.promptId}`,
    payload: (a) => ({ name: "Hijacked", prompt: "x".repeat(60), apiKey: "sk-hijack", queueId: a.bQueueId }),
  },
  { method: "DELETE", url: (a) => `/prompt/${a.promptId}` },
  {
    method: "POST",
    url: () => "/prompt",
    payload: (a) => ({ name: "Sneaky", prompt: "x".repeat(60), apiKey: "sk-sneaky", queueId: a.queueId }),
  },
  { method: "GET", url: (a) => `/queueIntegration/${a.integrationId}` },
  {
    method: "PUT",
    url: (a) => `/queueIntegration/${a.integrationId}`,
    payload: { type: "n8n", name: "Hijacked", urlN8N: "https://hijack.example.com" },
  },
  { method: "DELETE", url: (a) => `/queueIntegration/${a.integrationId}` },
  { method: "POST", url: (a) => `/queueIntegration/${a.integrationId}/signingSecret` },
  {
    method: "POST",
    url: () => "/queueIntegration/testSession",
    payload: (a) => ({ id: a.dialogflowIntegrationId, projectName: "private-agent", jsonContent: "", language: "en" }),
  },
  {
    method: "POST",
    url: () => "/queueIntegration",
    payload: (a) => ({ type: "flowbuilder", name: "Sneaky", flowId: a.flowId }),
  },
  { method: "GET", url: (a) => `/chats/${a.chatId}` },
  { method: "GET", url: (a) => `/chats/${a.chatUuid}` },
  { method: "PUT", url: (a) => `/chats/${a.chatId}`, payload: { title: "Hijacked" } },
  { method: "DELETE", url: (a) => `/chats/${a.chatUuid}` },
  { method: "POST", url: (a) => `/chats/${a.chatId}/read` },
  { method: "GET", url: (a) => `/chats/${a.chatId}/messages` },
  { method: "POST", url: (a) => `/chats/${a.chatId}/messages`, payload: { message: "Hijacked" } },
  { method: "POST", url: () => "/chats", payload: (a) => ({ title: "Sneaky", users: [a.tenant.agent.id] }) },
];

let env: TestEnv;
let a: Records;
let b: Tenant;

/** Company A's n8n integration (with its signing key) and dialogflow integration (with its service account), sealed. */
async function privateIntegrations(companyId: number) {
  const signingSecret = env.ctx.secrets.seal("whsec_private");
  const jsonContent = env.ctx.secrets.seal(
    '{"client_email":"a@b.iam.gserviceaccount.com","private_key":"PRIVATE KEY"}',
  );
  const n8n = await newIntegration(env.db, companyId, {
    name: "Private integration",
    projectName: "Private integration",
    urlN8N: "https://n8n.example.com/private",
    signingSecret,
  });
  const dialogflow = await newIntegration(env.db, companyId, {
    type: "dialogflow",
    name: "Private agent",
    projectName: "private-agent",
    language: "en",
    jsonContent,
  });
  return {
    integrationId: n8n.id,
    dialogflowIntegrationId: dialogflow.id,
    integrationSecrets: [signingSecret, jsonContent],
  };
}

beforeAll(async () => {
  env = await createTestEnv();
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const queue = await newQueue(env.db, companyId);
  const contact = await newContact(env.db, companyId);
  const ticket = await newTicket(env.db, companyId, { contactId: contact.id, queueId: queue.id });
  const tag = await newTag(env.db, companyId);
  const whatsapp = await newWhatsapp(env.db, companyId, { isDefault: true });
  const simulator = await newWhatsapp(env.db, companyId, { provider: "simulator" });
  const [note] = await env.db
    .insert(ticketNotes)
    .values({ companyId, ticketId: ticket.id, contactId: contact.id, userId: tenant.admin.id, note: "Private" })
    .returning();
  const [quickMessage] = await env.db
    .insert(quickMessages)
    .values({ companyId, userId: tenant.admin.id, shortcode: "hello", message: "Hello", geral: true })
    .returning();
  const [option] = await env.db
    .insert(queueOptions)
    .values({ companyId, queueId: queue.id, title: "Sales", option: 1 })
    .returning();
  const [message] = await env.db
    .insert(messages)
    .values({ companyId, ticketId: ticket.id, whatsappId: whatsapp.id, body: "Secret", fromMe: false })
    .returning();
  const [invoice] = await env.db
    .insert(invoices)
    .values({ companyId, detail: "Plan", value: 49, dueDate: new Date(Date.now() + 5 * 86_400_000) })
    .returning();
  const [fileList] = await env.db
    .insert(fileLists)
    .values({ companyId, name: "Catalog", message: "Private" })
    .returning();
  await env.db.insert(fileListOptions).values({ companyId, fileListId: fileList!.id, name: "Price list" });
  const [contactList] = await env.db.insert(contactLists).values({ companyId, name: "Clientes" }).returning();
  const [contactListItem] = await env.db
    .insert(contactListItems)
    .values({ companyId, contactListId: contactList!.id, name: "Ana", number: "5511999990001" })
    .returning();
  const [campaign] = await env.db
    .insert(campaigns)
    .values({ companyId, name: "Promo", message1: "Private", status: "CANCELADA" })
    .returning();
  const [flow] = await env.db
    .insert(flows)
    .values({ companyId, name: "Private flow", flow: { nodes: [], connections: [] } })
    .returning();
  const [flowCampaign] = await env.db
    .insert(flowCampaigns)
    .values({ companyId, name: "Private phrase", flowId: flow!.id, whatsappId: whatsapp.id, phrase: "secret" })
    .returning();
  const [schedule] = await env.db
    .insert(schedules)
    .values({ companyId, contactId: contact.id, body: "Private reminder", sendAt: new Date("2031-01-01T10:00:00Z") })
    .returning();
  a = {
    tenant,
    ticketUuid: ticket.uuid,
    messageId: message!.id,
    queueId: queue.id,
    contactId: contact.id,
    ticketId: ticket.id,
    tagId: tag.id,
    noteId: note!.id,
    quickMessageId: quickMessage!.id,
    queueOptionId: option!.id,
    whatsappId: whatsapp.id,
    simulatorId: simulator.id,
    invoiceId: invoice!.id,
    fileListId: fileList!.id,
    contactListId: contactList!.id,
    contactListItemId: contactListItem!.id,
    scheduleId: schedule!.id,
    campaignId: campaign!.id,
    flowId: flow!.id,
    flowCampaignId: flowCampaign!.id,
    promptId: (await newPrompt(env.db, companyId, { name: "Private prompt", queueId: queue.id })).id,
    bQueueId: 0,
    chatId: 0,
    chatUuid: "",
    ...(await privateIntegrations(companyId)),
  };
  const [chat] = await env.db
    .insert(chats)
    .values({ companyId, title: "Private chat", ownerId: tenant.admin.id, lastMessage: "Private" })
    .returning();
  await env.db.insert(chatUsers).values([
    { companyId, chatId: chat!.id, userId: tenant.admin.id },
    { companyId, chatId: chat!.id, userId: tenant.agent.id, unreads: 1 },
  ]);
  await env.db
    .insert(chatMessages)
    .values({ companyId, chatId: chat!.id, senderId: tenant.admin.id, message: "Private" });
  a.chatId = chat!.id;
  a.chatUuid = chat!.uuid;
  b = await newTenant(env);
  a.bQueueId = (await newQueue(env.db, b.company.id)).id;
});
afterAll(async () => env.close());

describe("tenant isolation", () => {
  it.each(CASES.map((c) => [`${c.method} ${c.url.toString().replace(/^\(a\) => /, "")}`, c] as const))(
    "%s answers 404 to another company's admin",
    async (_name, c) => {
      const response = await env.app.inject({
        method: c.method,
        url: c.url(a),
        headers: b.adminHeaders,
        ...(c.payload ? { payload: typeof c.payload === "function" ? c.payload(a) : c.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toMatch(/^ERR_/);
    },
  );

  it("left company A's records untouched", async () => {
    const user = await env.app.inject({ url: `/users/${a.tenant.agent.id}`, headers: a.tenant.adminHeaders });
    expect(user.json().name).toBe(a.tenant.agent.name);
    const queue = await env.app.inject({ url: `/queue/${a.queueId}`, headers: a.tenant.adminHeaders });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().name).not.toBe("Hijacked");
    const company = await env.app.inject({
      url: `/companies/listPlan/${a.tenant.company.id}`,
      headers: a.tenant.adminHeaders,
    });
    expect(company.statusCode).toBe(200);
    for (const url of [
      `/contacts/${a.contactId}`,
      `/tags/${a.tagId}`,
      `/quick-messages/${a.quickMessageId}`,
      `/whatsapp/${a.whatsappId}`,
    ]) {
      const record = await env.app.inject({ url, headers: a.tenant.adminHeaders });
      expect(record.statusCode, url).toBe(200);
      expect(JSON.stringify(record.json())).not.toContain("Hijacked");
    }
    const notes = await env.app.inject({
      url: `/ticket-notes/list?ticketId=${a.ticketId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(notes.json()).toHaveLength(1);
    const ticket = await env.app.inject({ url: `/tickets/${a.ticketId}`, headers: a.tenant.adminHeaders });
    expect(ticket.json()).toMatchObject({ status: "pending", lastMessage: "" });
    const thread = await env.app.inject({ url: `/messages/${a.ticketId}`, headers: a.tenant.adminHeaders });
    expect(thread.json().messages).toEqual([expect.objectContaining({ id: a.messageId, isDeleted: false })]);
    const options = await env.app.inject({
      url: `/queue-options?queueId=${a.queueId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(options.json()).toEqual([expect.objectContaining({ id: a.queueOptionId, title: "Sales" })]);
    const invoice = await env.app.inject({ url: `/invoices/${a.invoiceId}`, headers: a.tenant.adminHeaders });
    expect(invoice.json()).toMatchObject({ id: a.invoiceId, status: "open", value: 49 });
    const fileList = await env.app.inject({ url: `/files/${a.fileListId}`, headers: a.tenant.adminHeaders });
    expect(fileList.json()).toMatchObject({ name: "Catalog", options: [{ name: "Price list" }] });
    const contactList = await env.app.inject({
      url: `/contact-lists/${a.contactListId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(contactList.json()).toEqual({ id: a.contactListId, name: "Clientes", contactsCount: 1 });
    const listItems = await env.app.inject({
      url: `/contact-list-items?contactListId=${a.contactListId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(listItems.json().contacts).toEqual([
      expect.objectContaining({ id: a.contactListItemId, name: "Ana", number: "5511999990001" }),
    ]);
    const schedule = await env.app.inject({ url: `/schedules/${a.scheduleId}`, headers: a.tenant.adminHeaders });
    expect(schedule.json()).toMatchObject({ body: "Private reminder", mediaPath: null });
    const scheduleList = await env.app.inject({ url: "/schedules", headers: a.tenant.adminHeaders });
    expect(scheduleList.json().schedules.map((item: { id: number }) => item.id)).toEqual([a.scheduleId]);
    const campaign = await env.app.inject({ url: `/campaigns/${a.campaignId}`, headers: a.tenant.adminHeaders });
    expect(campaign.json()).toMatchObject({ name: "Promo", message1: "Private", status: "CANCELADA" });
    const flow = await env.app.inject({ url: `/flowbuilder/flow/${a.flowId}`, headers: a.tenant.adminHeaders });
    expect(flow.json().flow).toMatchObject({ name: "Private flow", flow: { nodes: [], connections: [] } });
    const flowList = await env.app.inject({ url: "/flowbuilder", headers: a.tenant.adminHeaders });
    expect(flowList.json().count).toBe(1);
    const flowCampaign = await env.app.inject({
      url: `/flowcampaign/${a.flowCampaignId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(flowCampaign.json()).toMatchObject({ name: "Private phrase", phrase: "secret", status: true });
    const prompt = await env.app.inject({ url: `/prompt/${a.promptId}`, headers: a.tenant.adminHeaders });
    expect(prompt.json()).toMatchObject({ name: "Private prompt", queueId: a.queueId });
    const promptList = await env.app.inject({ url: "/prompt", headers: a.tenant.adminHeaders });
    expect(promptList.json().prompts.map((item: { id: number }) => item.id)).toEqual([a.promptId]);
    const integration = await env.app.inject({
      url: `/queueIntegration/${a.integrationId}`,
      headers: a.tenant.adminHeaders,
    });
    expect(integration.json()).toMatchObject({
      name: "Private integration",
      urlN8N: "https://n8n.example.com/private",
    });
    const integrations = await env.app.inject({ url: "/queueIntegration", headers: a.tenant.adminHeaders });
    expect(
      integrations
        .json()
        .queueIntegrations.map((item: { id: number }) => item.id)
        .sort(),
    ).toEqual([a.integrationId, a.dialogflowIntegrationId].sort());
    const stored = await env.db.select().from(queueIntegrations);
    expect(
      stored
        .flatMap((row) => [row.signingSecret, row.jsonContent])
        .filter(Boolean)
        .sort(),
    ).toEqual([...a.integrationSecrets].sort());
    expect(stored.map((row) => row.name)).not.toContain("Sneaky");
    const chat = await env.app.inject({ url: `/chats/${a.chatId}`, headers: a.tenant.agentHeaders });
    expect(chat.json()).toMatchObject({ title: "Private chat", lastMessage: "Private" });
    expect(chat.json().users.find((member: { userId: number }) => member.userId === a.tenant.agent.id).unreads).toBe(1);
    const chatThread = await env.app.inject({ url: `/chats/${a.chatId}/messages`, headers: a.tenant.agentHeaders });
    expect(chatThread.json().records.map((record: { message: string }) => record.message)).toEqual(["Private"]);
    expect(await env.db.select().from(chats)).toHaveLength(1);
  });
});
