import type { APIRequestContext, Page } from "@playwright/test";
import { customerMessage, type FakeGraph, hubSignature, startFakeGraph } from "../../apps/server/test/fake-graph";
import { cloudApiPort } from "../playwright.config";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/*
 * The WhatsApp Cloud API end to end (issue 16): an admin adds the connection in the dialog against
 * a fake Graph API speaking Meta's JSON, Meta's webhook calls (signed with the app secret) bring the
 * customer in, and the attendant's answers reach the Graph API: free text within the 24-hour
 * window, an approved template outside it.
 */

const APP_SECRET = `e2e-app-secret-${unique()}`;
const DAY_MS = 24 * 60 * 60 * 1000;

type Headers = Awaited<ReturnType<typeof apiLogin>>;
interface TicketRow {
  id: number;
  whatsappId: number | null;
  contact: { number: string };
}

let graph: FakeGraph;

test.beforeAll(async () => {
  graph = await startFakeGraph({ port: cloudApiPort });
});

test.afterAll(async () => {
  await graph?.close();
});

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** Meta's POST of one customer text, signed as Meta signs it; `sentAt` is the message's network time. */
async function customerWrites(
  request: APIRequestContext,
  webhookUrl: string,
  customer: { waId: string; name: string },
  text: string,
  sentAt = Date.now(),
) {
  const { body } = customerMessage(graph, customer, {
    type: "text",
    text: { body: text },
    timestamp: String(Math.floor(sentAt / 1000)),
  });
  const response = await request.post(webhookUrl, {
    data: body,
    headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(APP_SECRET, body) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function findTicket(request: APIRequestContext, headers: Headers, number: string): Promise<TicketRow> {
  let ticket: TicketRow | undefined;
  await expect
    .poll(async () => {
      const response = await request.get("/tickets", { headers, params: { searchParam: number, showAll: "true" } });
      ticket = ((await response.json()) as { tickets: TicketRow[] }).tickets.find(
        (item) => item.contact.number === number,
      );
      return ticket?.id ?? 0;
    })
    .toBeGreaterThan(0);
  return ticket as TicketRow;
}

/** Accepts a waiting ticket from the inbox, which opens its conversation. */
async function acceptFromInbox(page: Page, ticketId: number) {
  await page.goto("/tickets");
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  const item = page.getByTestId(`ticket-item-${ticketId}`);
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByTestId("ticket-conversation")).toBeVisible();
}

test("an admin connects a Cloud API number in the dialog, a signed webhook brings a customer in, and the answers reach the Graph API (text in the window, a template outside it)", async ({
  page,
  request,
}) => {
  // Another user's session for setup reads: a second login of the admin would sign the browser out.
  const reader = await apiLogin(request, DEMO.super);
  const name = `E2E Cloud ${unique()}`;
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/connections");

  // The dialog: provider, Meta's ids, the token and the app secret.
  await page.getByRole("button", { name: "Adicionar WhatsApp" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar WhatsApp" });
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  await dialog.getByRole("combobox", { name: "Provedor" }).click();
  await page.getByRole("option", { name: "WhatsApp Cloud API (oficial)" }).click();
  await expect(
    dialog.getByText("A URL do webhook e o token de verificação aparecem aqui depois de salvar"),
  ).toBeVisible();
  await dialog.getByRole("textbox", { name: "ID do número de telefone" }).fill(graph.phoneNumberId);
  await dialog.getByRole("textbox", { name: "ID da conta do WhatsApp Business" }).fill(graph.businessAccountId);
  await dialog.getByLabel("Token de acesso").fill(graph.accessToken);
  await dialog.getByLabel("Chave secreta do app").fill(APP_SECRET);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The Graph API answered for the number with that token: CONNECTED, with the number Meta shows.
  const row = page.getByTestId("connection-row").filter({ hasText: name });
  await expect(row.getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");
  const whatsappId = Number(await row.getAttribute("data-connection-id"));
  expect(whatsappId).toBeGreaterThan(0);

  // Edited again, it shows what Meta's app asks for, and never the token or the secret.
  await row.getByRole("button", { name: "Editar conexão" }).click();
  const edit = page.getByRole("dialog", { name: "Editar WhatsApp" });
  const webhookUrl = await edit.getByRole("textbox", { name: "URL de callback do webhook" }).inputValue();
  const verifyToken = await edit.getByRole("textbox", { name: "Token de verificação" }).inputValue();
  expect(webhookUrl).toMatch(new RegExp(`/cloud/webhook/${whatsappId}$`));
  expect(verifyToken.length).toBeGreaterThanOrEqual(20);
  await expect(edit.getByLabel("Token de acesso")).toHaveValue("");
  await expect(edit.getByLabel("Chave secreta do app")).toHaveValue("");
  await expect(edit.getByRole("button", { name: "Copiar: Token de verificação" })).toBeVisible();
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await expect(edit).toBeHidden();

  // Meta's subscription check with that verify token, as Meta makes it; a wrong one is refused.
  const challenge = `challenge-${unique()}`;
  const verified = await request.get(webhookUrl, {
    params: { "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": challenge },
  });
  expect(await verified.text()).toBe(challenge);
  const refused = await request.get(webhookUrl, {
    params: { "hub.mode": "subscribe", "hub.verify_token": `${verifyToken}x`, "hub.challenge": challenge },
  });
  expect(refused.status()).toBe(401);

  // An unsigned call is refused and stores nothing.
  const unsigned = await request.post(webhookUrl, {
    data: customerMessage(graph, { waId: customerNumber(), name: "Ninguém" }, { type: "text", text: { body: "?" } })
      .body,
    headers: { "content-type": "application/json" },
  });
  expect(unsigned.status()).toBe(401);

  // A customer writes now: the ticket waits in the inbox; the attendant answers in the composer.
  const fresh = { waId: customerNumber(), name: `Cliente ${unique()}` };
  await customerWrites(request, webhookUrl, fresh, "Oi, meu pedido chegou quebrado");
  const freshTicket = await findTicket(request, reader, fresh.waId);
  expect(freshTicket.whatsappId).toBe(whatsappId);
  await acceptFromInbox(page, freshTicket.id);
  const conversation = page.getByTestId("ticket-conversation");
  await expect(conversation.getByTestId("messages-list")).toContainText("Oi, meu pedido chegou quebrado");
  const composer = conversation.getByRole("textbox", { name: "Mensagem", exact: true });
  const reply = `Sinto muito! Vamos trocar ${unique()}`;
  await composer.fill(reply);
  await composer.press("Enter");
  await expect(conversation.locator("[data-from-me='true']", { hasText: reply })).toBeVisible();
  await expect
    .poll(() =>
      graph.sent.some((sent) => {
        const text = sent.text as { body?: string } | undefined;
        return sent.to === fresh.waId && sent.type === "text" && Boolean(text?.body?.endsWith(reply));
      }),
    )
    .toBe(true);

  // A customer whose last message is two days old: only a template may go out, and the composer says so.
  const stale = { waId: customerNumber(), name: `Cliente ${unique()}` };
  await customerWrites(request, webhookUrl, stale, "Vocês abrem no sábado?", Date.now() - 2 * DAY_MS);
  const staleTicket = await findTicket(request, reader, stale.waId);
  await acceptFromInbox(page, staleTicket.id);
  await expect(conversation.getByTestId("window-notice")).toContainText("Fora da janela de 24 horas");
  await expect(conversation.getByRole("textbox", { name: "Mensagem", exact: true })).toHaveCount(0);
  await conversation.getByRole("combobox", { name: "Modelo de mensagem" }).click();
  // Only approved templates are offered (the paused one is not).
  await expect(page.getByRole("option")).toHaveText(["retomar_atendimento (pt_BR)", "boas_vindas (pt_BR)"]);
  await page.getByRole("option", { name: "retomar_atendimento (pt_BR)" }).click();
  const send = conversation.getByRole("button", { name: "Enviar modelo" });
  await expect(send).toBeDisabled();
  await conversation.getByRole("textbox", { name: "Variável 1" }).fill(stale.name);
  await conversation.getByRole("textbox", { name: "Variável 2" }).fill("o horário de sábado");
  const rendered = `Olá ${stale.name}, podemos continuar seu atendimento sobre o horário de sábado?`;
  await expect(conversation.getByText(rendered)).toBeVisible();
  await send.click();
  await expect(conversation.locator("[data-from-me='true']", { hasText: rendered })).toBeVisible();
  await expect
    .poll(() => graph.sent.find((sent) => sent.to === stale.waId && sent.type === "template")?.template)
    .toEqual({
      name: "retomar_atendimento",
      language: { code: "pt_BR" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: stale.name },
            { type: "text", text: "o horário de sábado" },
          ],
        },
      ],
    });
  // No free text went to the customer outside the window.
  expect(graph.sent.filter((sent) => sent.to === stale.waId).map((sent) => sent.type)).toEqual(["template"]);
});
