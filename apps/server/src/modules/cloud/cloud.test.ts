import { companyEvent } from "@atendo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import {
  customerMessage,
  type FakeGraph,
  GRAPH_VERSION,
  hubSignature,
  messageStatus,
  startFakeGraph,
  webhookBody,
} from "../../../test/fake-graph.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contacts, messages, tickets, whatsapps } from "../../db/schema/index.js";

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60)]);
const APP_SECRET = "0123456789abcdef0123456789abcdef";
const CUSTOMER = { waId: "5511988887777", name: "Cliente Cloud" };

type Tenant = Awaited<ReturnType<typeof newTenant>>;

let env: TestEnv;
let graph: FakeGraph;
let tenant: Tenant;
let whatsappId: number;

async function createCloudConnection(headers: Tenant["adminHeaders"], name: string) {
  return env.app.inject({
    method: "POST",
    url: "/whatsapp",
    headers,
    payload: {
      name,
      provider: "cloud",
      cloud: {
        phoneNumberId: graph.phoneNumberId,
        businessAccountId: graph.businessAccountId,
        accessToken: graph.accessToken,
        appSecret: APP_SECRET,
      },
    },
  });
}

const post = (body: string, signature: string | undefined = hubSignature(APP_SECRET, body), id = whatsappId) =>
  env.app.inject({
    method: "POST",
    url: `/cloud/webhook/${id}`,
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    payload: body,
  });

/** The customer writes: the stored message, its ticket. */
async function receive(message: Record<string, unknown>) {
  const { body, id } = customerMessage(graph, CUSTOMER, message);
  const response = await post(body);
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await env.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, id)));
  return { response, row: row!, id, body };
}

const connection = async () => (await env.db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId)))[0]!;

beforeAll(async () => {
  graph = await startFakeGraph();
  env = await createTestEnv({ config: { CLOUD_API_BASE_URL: graph.url, CLOUD_API_VERSION: GRAPH_VERSION } });
  tenant = await newTenant(env);
  const created = await createCloudConnection(tenant.adminHeaders, "Cloud");
  expect(created.statusCode, created.body).toBe(200);
  whatsappId = created.json().id;
});
afterAll(async () => {
  await env?.close();
  await graph?.close();
});

describe("a Cloud API connection", () => {
  it("is CONNECTED once the Graph API answers for the number, and never answers its secrets", async () => {
    const shown = await env.app.inject({ url: `/whatsapp/${whatsappId}`, headers: tenant.adminHeaders });
    expect(shown.json()).toMatchObject({
      provider: "cloud",
      status: "CONNECTED",
      number: "551155550100",
      cloud: {
        phoneNumberId: graph.phoneNumberId,
        businessAccountId: graph.businessAccountId,
        webhookUrl: `/cloud/webhook/${whatsappId}`,
        hasAccessToken: true,
        hasAppSecret: true,
        statusReason: null,
      },
    });
    expect(shown.json().cloud.verifyToken).toMatch(/^[\w-]{32}$/);
    expect(shown.body).not.toContain(graph.accessToken);
    expect(shown.body).not.toContain(APP_SECRET);
    // Stored sealed.
    const row = await connection();
    expect(row.cloudAccessToken).not.toContain(graph.accessToken);
    expect(row.cloudAppSecret).not.toContain(APP_SECRET);
    // Attendants see the connection, not its Cloud API settings.
    const asAgent = await env.app.inject({ url: `/whatsapp/${whatsappId}`, headers: tenant.agentHeaders });
    expect(asAgent.json()).not.toHaveProperty("cloud");
  });

  it("needs the ids, the token and the app secret", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: tenant.adminHeaders,
      payload: { name: "Cloud incomplete", provider: "cloud", cloud: { phoneNumberId: "1", businessAccountId: "2" } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: "body.cloud.accessToken", message: "required" },
      { path: "body.cloud.appSecret", message: "required" },
    ]);
  });

  it("answers Meta's verification challenge only with its verify token", async () => {
    const { verifyToken } = (
      await env.app.inject({ url: `/whatsapp/${whatsappId}`, headers: tenant.adminHeaders })
    ).json().cloud;
    const ok = await env.app.inject({
      url: `/cloud/webhook/${whatsappId}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${verifyToken}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const wrong = await env.app.inject({
      url: `/cloud/webhook/${whatsappId}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=nope`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("ERR_INVALID_WEBHOOK_TOKEN");
  });

  it("refuses unsigned and wrongly signed events, and stores nothing of them", async () => {
    const { body, id } = customerMessage(graph, CUSTOMER, { type: "text", text: { body: "forjada" } });
    const unsigned = await post(body, "");
    const wronglySigned = await post(body, hubSignature("another-secret", body));
    const truncated = await post(body, hubSignature(APP_SECRET, body).slice(0, 20));
    for (const response of [unsigned, wronglySigned, truncated]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("ERR_INVALID_WEBHOOK_TOKEN");
    }
    expect(await env.db.select().from(messages).where(eq(messages.providerId, id))).toHaveLength(0);
    // Another provider's connection has no webhook.
    const other = await env.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: tenant.adminHeaders,
      payload: { name: "Sim", provider: "simulator" },
    });
    expect((await post(body, hubSignature(APP_SECRET, body), other.json().id)).statusCode).toBe(404);
  });

  it("stores each inbound kind through ingestion, once per wamid", async () => {
    const text = await receive({ type: "text", text: { body: "Olá, preciso de ajuda" } });
    expect(text.row).toMatchObject({ body: "Olá, preciso de ajuda", mediaType: "chat", fromMe: false });
    const [contact] = await env.db.select().from(contacts).where(eq(contacts.id, text.row.contactId!));
    expect(contact).toMatchObject({ number: CUSTOMER.waId, name: CUSTOMER.name });

    // Meta delivers the same event again: stored once.
    expect((await post(text.body)).statusCode).toBe(200);
    expect(await env.db.select().from(messages).where(eq(messages.providerId, text.id))).toHaveLength(1);

    graph.media.set("9001", { data: PNG, mimeType: "image/png" });
    const image = await receive({ type: "image", image: { id: "9001", mime_type: "image/png", caption: "foto" } });
    expect(image.row).toMatchObject({ mediaType: "image", body: "foto", mediaName: "image.png" });
    expect(image.row.mediaUrl).toMatch(/^company\d+\/[0-9a-f-]+\.png$/);

    graph.media.set("9002", { data: OGG, mimeType: "audio/ogg; codecs=opus" });
    const audio = await receive({
      type: "audio",
      audio: { id: "9002", mime_type: "audio/ogg; codecs=opus", voice: true },
    });
    expect(audio.row).toMatchObject({ mediaType: "audio" });

    graph.media.set("9003", { data: PNG, mimeType: "video/mp4" });
    const video = await receive({ type: "video", video: { id: "9003", mime_type: "video/mp4" } });
    expect(video.row.mediaType).toBe("video");

    graph.media.set("9004", { data: PDF, mimeType: "application/pdf" });
    const document = await receive({
      type: "document",
      document: { id: "9004", mime_type: "application/pdf", filename: "orcamento.pdf" },
    });
    expect(document.row).toMatchObject({ mediaType: "application", mediaName: "orcamento.pdf" });
    expect(document.row.mediaUrl).toMatch(/\.pdf$/);

    graph.media.set("9005", { data: PNG, mimeType: "image/webp" });
    const sticker = await receive({
      type: "sticker",
      sticker: { id: "9005", mime_type: "image/webp", animated: false },
    });
    expect(sticker.row.mediaType).toBe("image");

    const location = await receive({
      type: "location",
      location: { latitude: -23.5505, longitude: -46.6333, name: "Loja", address: "Av. Paulista, 1000" },
    });
    expect(location.row.mediaType).toBe("locationMessage");
    expect(location.row.body).toContain("Loja - Av. Paulista, 1000");

    const vcard = await receive({
      type: "contacts",
      contacts: [
        { name: { formatted_name: "Maria Souza" }, phones: [{ phone: "+55 11 97777-6666", wa_id: "5511977776666" }] },
      ],
    });
    expect(vcard.row.mediaType).toBe("vcard");
    expect(vcard.row.body).toContain("FN:Maria Souza");
    expect(vcard.row.body).toContain("waid=5511977776666");

    const button = await receive({
      type: "interactive",
      interactive: { type: "button_reply", button_reply: { id: "yes", title: "Sim, quero" } },
    });
    expect(button.row.body).toBe("Sim, quero");
    const list = await receive({
      type: "interactive",
      interactive: { type: "list_reply", list_reply: { id: "f1", title: "Financeiro", description: "Boletos" } },
    });
    expect(list.row.body).toBe("Financeiro");
    const templateButton = await receive({ type: "button", button: { payload: "STOP", text: "Parar promoções" } });
    expect(templateButton.row.body).toBe("Parar promoções");

    // A reply quotes the message it answers.
    const reply = await receive({
      type: "text",
      text: { body: "sobre isso" },
      context: { from: CUSTOMER.waId, id: text.id },
    });
    expect(reply.row.quotedMsgId).toBe(text.row.id);

    // All in one ticket.
    const ticketIds = new Set(
      [text, image, audio, video, document, sticker, location, vcard, button, list].map((m) => m.row.ticketId),
    );
    expect(ticketIds.size).toBe(1);
  });

  it("keeps a message whose file is past the limit, without the file", async () => {
    graph.media.set("9100", { data: Buffer.alloc(6 * 1024 * 1024, 1), mimeType: "image/jpeg" });
    const big = await receive({ type: "image", image: { id: "9100", mime_type: "image/jpeg" } });
    expect(big.row).toMatchObject({ mediaUrl: null, body: "[media too large]" });
  });
});

describe("sending on a Cloud API connection", () => {
  let ticketId: number;
  let inboundId: string;

  beforeAll(async () => {
    const first = await receive({ type: "text", text: { body: "quero falar com alguém" } });
    ticketId = first.row.ticketId;
    inboundId = first.id;
  });

  it("sends text, replies with context, and media uploaded then sent by id", async () => {
    const text = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: tenant.adminHeaders,
      payload: { body: "Olá! Como posso ajudar?" },
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(graph.sent.at(-1)).toMatchObject({
      messaging_product: "whatsapp",
      to: CUSTOMER.waId,
      type: "text",
      text: { body: "Olá! Como posso ajudar?" },
    });

    const [quoted] = await env.db.select().from(messages).where(eq(messages.providerId, inboundId));
    const reply = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: tenant.adminHeaders,
      payload: { body: "Sobre isso:", quotedMsgId: quoted!.id },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(graph.sent.at(-1)).toMatchObject({ type: "text", context: { message_id: inboundId } });

    const form = new FormData();
    form.append("body", "a nota fiscal");
    form.append("medias", new Blob([PDF]), "nota.pdf");
    const encoded = new Response(form);
    const media = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: { ...tenant.adminHeaders, "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(media.statusCode, media.body).toBe(200);
    expect(graph.uploads.at(-1)).toMatchObject({ type: "application/pdf", fileName: "nota.pdf", bytes: PDF.length });
    const sent = graph.sent.at(-1) as { type: string; document: { id: string; caption: string; filename: string } };
    expect(sent.type).toBe("document");
    expect(sent.document).toMatchObject({ caption: "a nota fiscal", filename: "nota.pdf" });
    expect(sent.document.id).toMatch(/^\d+$/);
  });

  it("turns statuses into acks, and a failed status into the message's error", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: tenant.adminHeaders,
      payload: { body: "chegou?" },
    });
    const { id } = response.json()[0];
    const [row] = await env.db.select().from(messages).where(eq(messages.id, id));
    const wamid = row!.providerId!;
    expect(row!.ack).toBe(1);
    for (const [status, ack] of [
      ["sent", 1],
      ["delivered", 2],
      ["read", 3],
    ] as const) {
      expect((await post(messageStatus(graph, { id: wamid, status, recipient: CUSTOMER.waId }))).statusCode).toBe(200);
      expect((await env.db.select().from(messages).where(eq(messages.id, id)))[0]!.ack).toBe(ack);
    }

    const other = (
      await env.app.inject({
        method: "POST",
        url: `/messages/${ticketId}`,
        headers: tenant.adminHeaders,
        payload: { body: "e esta?" },
      })
    ).json()[0];
    const [otherRow] = await env.db.select().from(messages).where(eq(messages.id, other.id));
    const failed = messageStatus(graph, {
      id: otherRow!.providerId!,
      status: "failed",
      recipient: CUSTOMER.waId,
      errorCode: 131026,
    });
    expect((await post(failed)).statusCode).toBe(200);
    const page = await env.app.inject({ url: `/messages/${ticketId}`, headers: tenant.adminHeaders });
    const shown = page.json().messages.find((message: { id: number }) => message.id === other.id);
    expect(shown.sendError).toBe("131026: Message Undeliverable.");
  });

  it("applies a body's statuses as one batch: each message at its highest ack, one update event each", async () => {
    const sent = [];
    for (const body of ["lote 1", "lote 2"]) {
      const response = await env.app.inject({
        method: "POST",
        url: `/messages/${ticketId}`,
        headers: tenant.adminHeaders,
        payload: { body },
      });
      sent.push((await env.db.select().from(messages).where(eq(messages.id, response.json()[0].id)))[0]!);
    }
    const [first, second] = sent as [typeof messages.$inferSelect, typeof messages.$inferSelect];
    const status = (id: string, value: string) => ({
      id,
      status: value,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: CUSTOMER.waId,
    });
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    try {
      const body = webhookBody(graph, {
        statuses: [
          status(first.providerId!, "delivered"),
          status(second.providerId!, "delivered"),
          status(first.providerId!, "read"),
        ],
      });
      expect((await post(body)).statusCode).toBe(200);
      const rows = await env.db
        .select()
        .from(messages)
        .where(inArray(messages.id, [first.id, second.id]));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.ack]))).toEqual({ [first.id]: 3, [second.id]: 2 });
      const updates = emit.mock.calls
        .filter((call) => call[1] === companyEvent.appMessage(tenant.company.id))
        .map((call) => call[2] as { action: string; message: { id: number; ack: number } })
        .filter((event) => event.action === "update")
        .map((event) => [event.message.id, event.message.ack]);
      expect(updates.sort((a, b) => a[0]! - b[0]!)).toEqual([
        [first.id, 3],
        [second.id, 2],
      ]);
    } finally {
      emit.mockRestore();
    }
  });

  it("maps Meta's refusals to clear errors: re-engagement, undeliverable, rate limit", async () => {
    const send = () =>
      env.app.inject({
        method: "POST",
        url: `/messages/${ticketId}`,
        headers: tenant.adminHeaders,
        payload: { body: "oi" },
      });
    graph.failSends(131047, 131026, 130429);
    const outside = await send();
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error).toBe("ERR_OUTSIDE_WINDOW");
    expect((await send()).json().error).toBe("ERR_WAPP_UNDELIVERABLE");
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("ERR_WAPP_RATE_LIMITED");
  });

  it("lists the approved templates across Graph's pages", async () => {
    const response = await env.app.inject({ url: `/whatsapp/${whatsappId}/templates`, headers: tenant.agentHeaders });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().templates).toEqual([
      {
        name: "retomar_atendimento",
        language: "pt_BR",
        category: "UTILITY",
        body: "Olá {{1}}, podemos continuar seu atendimento sobre {{2}}?",
        variables: 2,
      },
      { name: "boas_vindas", language: "pt_BR", category: "MARKETING", body: "Bem-vindo!", variables: 0 },
    ]);
  });

  it("outside the 24-hour window refuses free text, and sends a template with its variables", async () => {
    const window = await env.app.inject({ url: `/messages/${ticketId}/window`, headers: tenant.adminHeaders });
    expect(window.json()).toMatchObject({ ticketId, requiresTemplate: false, templates: true });
    expect(new Date(window.json().closesAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // The customer's last message is now 25 hours old.
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, ticketId));
    await env.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(messages.contactId, ticket!.contactId), eq(messages.fromMe, false)));
    const closed = await env.app.inject({ url: `/messages/${ticketId}/window`, headers: tenant.adminHeaders });
    expect(closed.json()).toEqual({ ticketId, requiresTemplate: true, closesAt: null, templates: true });

    const sentBefore = graph.sent.length;
    const text = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: tenant.adminHeaders,
      payload: { body: "ainda está aí?" },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toBe("ERR_OUTSIDE_WINDOW");
    expect(graph.sent.length).toBe(sentBefore);

    const missingVariable = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}/template`,
      headers: tenant.adminHeaders,
      payload: { name: "retomar_atendimento", language: "pt_BR", variables: ["Ana"] },
    });
    expect(missingVariable.statusCode).toBe(400);
    const paused = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}/template`,
      headers: tenant.adminHeaders,
      payload: { name: "promo_pausada", language: "pt_BR" },
    });
    expect(paused.json().error).toBe("ERR_NO_TEMPLATE_FOUND");

    const template = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}/template`,
      headers: tenant.adminHeaders,
      payload: { name: "retomar_atendimento", language: "pt_BR", variables: ["Ana", "seu pedido"] },
    });
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json()).toMatchObject({
      body: "Olá Ana, podemos continuar seu atendimento sobre seu pedido?",
      fromMe: true,
    });
    expect(graph.sent.at(-1)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: CUSTOMER.waId,
      type: "template",
      template: {
        name: "retomar_atendimento",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "seu pedido" },
            ],
          },
        ],
      },
    });
  });

  it("keeps another company's connection and tickets out of reach", async () => {
    const other = await newTenant(env);
    expect(
      (await env.app.inject({ url: `/whatsapp/${whatsappId}/templates`, headers: other.adminHeaders })).statusCode,
    ).toBe(404);
    expect(
      (await env.app.inject({ url: `/messages/${ticketId}/window`, headers: other.adminHeaders })).statusCode,
    ).toBe(404);
    const send = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}/template`,
      headers: other.adminHeaders,
      payload: { name: "boas_vindas", language: "pt_BR" },
    });
    expect(send.statusCode).toBe(404);
  });

  it("goes DISCONNECTED with Meta's reason when the token expires", async () => {
    await receive({ type: "text", text: { body: "voltei" } });
    graph.expireToken();
    const response = await env.app.inject({
      method: "POST",
      url: `/messages/${ticketId}`,
      headers: tenant.adminHeaders,
      payload: { body: "oi de novo" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");
    const shown = (await env.app.inject({ url: `/whatsapp/${whatsappId}`, headers: tenant.adminHeaders })).json();
    expect(shown.status).toBe("DISCONNECTED");
    expect(shown.cloud.statusReason).toMatch(/^Graph API 190: Error validating access token/);
  });
});
