import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/** The demo's simulator connection (seed.ts). */
const SIMULATOR_ID = 1;
const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
/** A 2x2 red PNG. */
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==";

type Headers = Awaited<ReturnType<typeof apiLogin>>;
interface TicketRow {
  id: number;
  uuid: string;
  status: string;
}
interface OutboundItem {
  body: string;
  mediaType: string | null;
  ack: number;
}

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function customerWrites(request: APIRequestContext, number: string, name: string, body: string) {
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  const sent = await request.post("/simulator/inbound", {
    data: { whatsappId: SIMULATOR_ID, from: number, name, body },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

async function findTicket(request: APIRequestContext, headers: Headers, number: string): Promise<TicketRow> {
  let ticket: TicketRow | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/tickets", { headers, params: { searchParam: number, showAll: "true" } });
        ticket = ((await response.json()) as { tickets: TicketRow[] }).tickets[0];
        return ticket?.id ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return ticket as TicketRow;
}

/** A ticket the admin has accepted, with the customer's first message in it. */
async function openTicketOfAdmin(request: APIRequestContext, admin: Headers, name: string, body: string) {
  const number = customerNumber();
  await customerWrites(request, number, name, body);
  const ticket = await findTicket(request, admin, number);
  const accepted = await request.put(`/tickets/${ticket.id}`, { headers: admin, data: { status: "open" } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { ...ticket, number };
}

function composer(page: Page) {
  return page.getByTestId("ticket-conversation").getByRole("textbox", { name: "Mensagem", exact: true });
}

test("a customer's message arrives live, the attendant accepts and replies with text and an image, and read ticks show", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const number = customerNumber();
  const name = `Cliente ${unique()}`;

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole("tab", { name: /Aguardando/ }).click();

  await customerWrites(request, number, name, "Olá, preciso de ajuda com meu pedido");
  const ticket = await findTicket(request, admin, number);
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Aceitar" }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));

  const conversation = page.getByTestId("ticket-conversation");
  await expect(conversation.getByTestId("ticket-contact")).toContainText(name);
  await expect(conversation.getByTestId("messages-list")).toContainText("Olá, preciso de ajuda com meu pedido");

  const reply = `Bom dia! Vou verificar ${unique()}`;
  await composer(page).fill(reply);
  await composer(page).press("Enter");
  const textBubble = conversation.locator("[data-from-me='true']", { hasText: reply });
  await expect(textBubble).toBeVisible();
  await expect(composer(page)).toHaveValue("");

  await conversation.getByTestId("composer-file-input").setInputFiles({
    name: "comprovante.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_BASE64, "base64"),
  });
  await expect(conversation.getByTestId("attachments")).toContainText("comprovante.png");
  await conversation.getByRole("button", { name: "Enviar" }).click();
  const imageBubble = conversation.locator("[data-from-me='true']", { has: page.getByTestId("message-image") });
  await expect(imageBubble).toBeVisible();
  await expect(conversation.getByTestId("attachments")).toHaveCount(0);

  // The simulated customer got both: the text (signed with the attendant's name) and the image.
  await expect
    .poll(async () => {
      const response = await request.get("/simulator/outbound", { params: { whatsappId: SIMULATOR_ID, to: number } });
      const items = (await response.json()) as OutboundItem[];
      return {
        text: items.some((entry) => entry.body.endsWith(reply) && entry.body.startsWith("*")),
        image: items.some((entry) => entry.mediaType === "image"),
      };
    })
    .toEqual({ text: true, image: true });

  // The customer opens the chat: both replies turn to read (blue double tick) without a reload.
  const read = await request.post("/simulator/read", { data: { whatsappId: SIMULATOR_ID, from: number } });
  expect(read.status()).toBe(200);
  for (const bubble of [textBubble, imageBubble]) {
    await expect(bubble.getByTestId("ack")).toHaveAttribute("data-ack-state", "read");
    await expect(bubble.getByRole("img", { name: "Lida" })).toBeVisible();
  }
});

test("typing / and two letters suggests a quick answer that is inserted when picked", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const shortcode = `qz${unique()}`;
  const message = `Nosso horário de atendimento é das 8h às 18h ${unique()}`;
  const created = await request.post("/quick-messages", {
    headers: admin,
    data: { shortcode, message, geral: true, status: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const ticket = await openTicketOfAdmin(request, admin, `Cliente ${unique()}`, "Qual o horário?");

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(composer(page)).toBeEnabled();

  await composer(page).pressSequentially(`/${shortcode.slice(0, 2)}`);
  const suggestions = page.getByTestId("quick-answers");
  const option = suggestions.getByRole("option", { name: new RegExp(shortcode) });
  await expect(option).toBeVisible();
  // The preview is cut at 35 characters.
  await expect(option).toContainText(`${message.slice(0, 35)}...`);
  await option.click();
  await expect(composer(page)).toHaveValue(message);
  await expect(suggestions).toHaveCount(0);
});

test("the ticket page in light and dark theme", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await openTicketOfAdmin(
    request,
    admin,
    `Maria ${unique()}`,
    "Boa tarde! Meu pedido ainda não chegou.",
  );
  const sent = await request.post(`/messages/${ticket.id}`, {
    headers: admin,
    data: { body: "*Administrador:*\nBoa tarde, Maria! Vou verificar o rastreio agora mesmo." },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await customerWrites(request, ticket.number, "Maria", "Obrigada! O número do pedido é 4821.");

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  const conversation = page.getByTestId("ticket-conversation");
  await expect(conversation.getByTestId("messages-list")).toContainText("O número do pedido é 4821");

  await page.screenshot({ path: join(SCREENSHOTS, "ticket-light.png") });
  const background = () =>
    conversation.getByTestId("messages-list").evaluate((element) => getComputedStyle(element).backgroundColor);
  const light = await background();
  await page.getByRole("button", { name: "Alternar tema claro/escuro" }).click();
  await expect.poll(background).not.toBe(light);
  // Away from the toggle, so its tooltip is not in the picture.
  await page.mouse.move(900, 500);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, "ticket-dark.png") });
});

test("a reply quotes its message, an own message is deleted after confirming, and contact notes are kept", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const question = `Vocês entregam no sábado? ${unique()}`;
  const ticket = await openTicketOfAdmin(request, admin, `Cliente ${unique()}`, question);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  const conversation = page.getByTestId("ticket-conversation");

  const received = conversation.locator("[data-from-me='false']", { hasText: question });
  await received.hover();
  await received.getByRole("button", { name: "Opções da mensagem" }).click();
  await page.getByRole("menuitem", { name: "Responder" }).click();
  await expect(conversation.getByTestId("reply-bar")).toContainText(question);
  const answer = `Entregamos sim ${unique()}`;
  await composer(page).fill(answer);
  await composer(page).press("Enter");
  const sent = conversation.locator("[data-from-me='true']", { hasText: answer });
  await expect(sent.getByTestId("quoted-message")).toContainText(question);
  await expect(conversation.getByTestId("reply-bar")).toHaveCount(0);

  await sent.hover();
  await sent.getByRole("button", { name: "Opções da mensagem" }).click();
  await page.getByRole("menuitem", { name: "Deletar" }).click();
  const confirm = page.getByRole("dialog", { name: "Deseja realmente excluir este registro?" });
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(conversation.getByText("Esta mensagem foi apagada")).toBeVisible();
  // Received messages offer no delete.
  await received.hover();
  await received.getByRole("button", { name: "Opções da mensagem" }).click();
  await expect(page.getByRole("menuitem", { name: "Deletar" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await conversation.getByRole("button", { name: "Opções do ticket" }).click();
  await page.getByRole("menuitem", { name: "Observações do contato" }).click();
  const drawer = page.getByTestId("contact-drawer");
  await expect(drawer).toContainText(ticket.number);
  const note = `Prefere contato à tarde ${unique()}`;
  await drawer.getByRole("textbox", { name: "Nova observação" }).fill(note);
  await drawer.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Observação adicionada com sucesso!")).toBeVisible();
  await expect(drawer.getByText(note)).toBeVisible();
  await drawer.getByRole("button", { name: "Excluir observação" }).click();
  await page
    .getByRole("dialog", { name: "Excluir esta observação?" })
    .getByRole("button", { name: "Confirmar" })
    .click();
  await expect(page.getByText("Observação excluída com sucesso!")).toBeVisible();
  await expect(drawer.getByText(note)).toHaveCount(0);
});

test("older messages load above when scrolled to the top, keeping the reading position", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await openTicketOfAdmin(request, admin, `Cliente ${unique()}`, "Mensagem 00");
  for (let index = 1; index <= 30; index++) {
    const sent = await request.post(`/messages/${ticket.id}`, {
      headers: admin,
      data: { body: `Mensagem ${String(index).padStart(2, "0")}` },
    });
    expect(sent.status()).toBe(200);
  }
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  const list = page.getByTestId("messages-list");
  // Opens on the latest message, with only the newest page loaded.
  await expect(list.getByText("Mensagem 30")).toBeInViewport();
  await expect(list.getByText("Mensagem 00", { exact: true })).toHaveCount(0);

  const oldestLoaded = list.locator("[data-testid^='message-']").first();
  const oldestText = /Mensagem \d{2}/.exec((await oldestLoaded.textContent()) ?? "")?.[0] ?? "";
  expect(oldestText).not.toBe("");
  await list.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(list.getByText("Mensagem 00", { exact: true })).toHaveCount(1);
  // The message that was at the top stays where the user was reading, below the older page.
  await expect(list.getByText(oldestText, { exact: true })).toBeInViewport();
  expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
});

test("an attendant opening a ticket outside their queues is sent back to the list", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const queues = (await (await request.get("/queue", { headers: admin })).json()) as { id: number; name: string }[];
  const financeiro = queues.find((queue) => queue.name === "Financeiro");
  if (!financeiro) throw new Error("the demo has no Financeiro queue");
  const number = customerNumber();
  await customerWrites(request, number, `Cliente ${unique()}`, "Segunda via do boleto, por favor");
  const ticket = await findTicket(request, admin, number);
  const moved = await request.put(`/tickets/${ticket.id}`, { headers: admin, data: { queueId: financeiro.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  await loginThroughForm(page, DEMO.agent);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByText("Acesso não permitido")).toBeVisible();
  await expect(page).toHaveURL(/\/tickets$/);
});

test("the tag selector saves a picked tag and one created on the spot", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const existing = `Urgente ${unique()}`;
  const created = await request.post("/tags", { headers: admin, data: { name: existing, color: "#DC2626" } });
  expect(created.status(), await created.text()).toBe(200);
  const ticket = await openTicketOfAdmin(request, admin, `Cliente ${unique()}`, "Preciso trocar um produto");
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);

  const tags = page.getByTestId("ticket-conversation").getByRole("combobox", { name: "Tags do ticket" });
  await tags.fill(existing.slice(0, 12));
  await page.getByRole("option", { name: existing }).click();
  const fresh = `Troca ${unique()}`;
  await tags.fill(fresh);
  await page.getByRole("option", { name: `Criar a tag "${fresh}"` }).click();

  await expect
    .poll(async () => {
      const response = await request.get(`/tickets/u/${ticket.uuid}`, { headers: admin });
      return ((await response.json()) as { tags: { name: string }[] }).tags.map((tag) => tag.name).sort();
    })
    .toEqual([existing, fresh].sort());
});
