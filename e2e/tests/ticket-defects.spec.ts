import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/**
 * Issue 14's defects of the ticket screens and the simulator, each where it
 * could fail: unread badge, WhatsApp marks, tabs after reopening, the tag box,
 * the emoji picker, the contact drawer, the simulator's scroll and polls, and
 * the manager's header.
 */

/** The demo's simulator connection (seed.ts). */
const SIMULATOR_ID = 1;
const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

type Headers = Awaited<ReturnType<typeof apiLogin>>;
interface TicketRow {
  id: number;
  uuid: string;
  contactId: number;
  unreadMessages: number;
  status: "open" | "pending" | "closed";
}

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function customerWrites(request: APIRequestContext, number: string, body: string, name = "Cliente") {
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
    .poll(async () => {
      const response = await request.get("/tickets", { headers, params: { searchParam: number, showAll: "true" } });
      ticket = ((await response.json()) as { tickets: TicketRow[] }).tickets[0];
      return ticket?.id ?? 0;
    })
    .toBeGreaterThan(0);
  return ticket as TicketRow;
}

async function ticketOfAdmin(request: APIRequestContext, admin: Headers, body: string) {
  const number = customerNumber();
  await customerWrites(request, number, body, `Cliente ${unique()}`);
  const ticket = await findTicket(request, admin, number);
  const accepted = await request.put(`/tickets/${ticket.id}`, { headers: admin, data: { status: "open" } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { ...ticket, number };
}

async function unreadOnServer(request: APIRequestContext, admin: Headers, id: number): Promise<number> {
  const response = await request.get(`/tickets/${id}`, { headers: admin });
  return ((await response.json()) as TicketRow).unreadMessages;
}

/** Whether a box lies wholly inside the viewport. */
async function insideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

test("the unread badge clears on opening a ticket and stays clear while messages arrive on it", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await ticketOfAdmin(request, admin, "Primeira mensagem");
  await customerWrites(request, ticket.number, "Ainda aí?");
  await expect.poll(() => unreadOnServer(request, admin, ticket.id)).toBeGreaterThan(0);

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item.getByLabel(/mensagens não lidas/)).toBeVisible();

  await item.getByRole("button", { name: new RegExp(`#${ticket.id}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(item.getByLabel(/mensagens não lidas/)).toHaveCount(0);
  await expect.poll(() => unreadOnServer(request, admin, ticket.id)).toBe(0);

  // A message on the ticket on screen is read as it arrives: on the server too.
  const live = `Chegou agora ${unique()}`;
  await customerWrites(request, ticket.number, live);
  await expect(page.getByTestId("messages-list")).toContainText(live);
  await expect(item).toContainText(live);
  await expect.poll(() => unreadOnServer(request, admin, ticket.id)).toBe(0);
  await expect(item.getByLabel(/mensagens não lidas/)).toHaveCount(0);

  // Leaving the ticket shows the list as the server has it: nothing unread.
  await page.goto("/tickets");
  await expect(item).toContainText(live);
  await expect(item.getByLabel(/mensagens não lidas/)).toHaveCount(0);
});

test("WhatsApp marks are drawn, not shown raw, in the list preview, the peek modal and the simulator", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const word = `pedido${unique()}`;
  const ticket = await ticketOfAdmin(request, admin, "Olá");
  // Written after the ticket is accepted, so no chatbot answer follows it: it is the list's preview.
  const marked = `Escolho a opção *1* sobre o _${word}_`;
  await customerWrites(request, ticket.number, marked);
  await expect
    .poll(async () => {
      const response = await request.get(`/tickets/${ticket.id}`, { headers: admin });
      return ((await response.json()) as { lastMessage: string }).lastMessage;
    })
    .toBe(marked);

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item.locator("strong", { hasText: /^1$/ })).toBeVisible();
  await expect(item.locator("em", { hasText: word })).toBeVisible();
  await expect(item).not.toContainText("*1*");

  await item.getByRole("button", { name: "Espiar conversa" }).click();
  const peek = page.getByRole("dialog");
  const peekedText = peek.locator("p", { has: page.locator("em", { hasText: word }) });
  await expect(peekedText.locator("strong")).toHaveText("1");
  await expect(peek).not.toContainText("*1*");
  await peek.getByRole("button", { name: "Fechar" }).click();

  await page.goto("/simulator");
  await page.locator("#simulator-customer-number").fill(ticket.number);
  const chat = page.getByTestId("simulator-messages");
  const simulatedText = chat.locator("p", { has: page.locator("em", { hasText: word }) });
  await expect(simulatedText.locator("strong")).toHaveText("1");
  await expect(chat).not.toContainText("*1*");
});

test("reopening from Resolvidos, in the list or the conversation, goes to the tab the ticket went to, selected", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await ticketOfAdmin(request, admin, "Quero reabrir");
  const close = async () => {
    const closed = await request.put(`/tickets/${ticket.id}`, { headers: admin, data: { status: "closed" } });
    expect(closed.status(), await closed.text()).toBe(200);
  };
  await close();

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  const row = item.getByRole("button", { name: new RegExp(`#${ticket.id}$`) });

  await page.getByRole("tab", { name: "Resolvidos" }).click();
  await item.getByRole("button", { name: "Reabrir" }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByRole("tab", { name: "Abertos" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Atendendo/ })).toHaveAttribute("aria-selected", "true");
  await expect(row).toHaveAttribute("aria-current", "true");

  // Closed again while on screen; the user looks at Resolvidos and reopens it from the conversation.
  const composer = page.getByTestId("ticket-conversation").getByRole("textbox", { name: "Mensagem" });
  await expect(composer).toBeEnabled();
  await close();
  await expect(page.getByTestId("composer-closed")).toBeVisible();
  await page.getByRole("tab", { name: "Resolvidos" }).click();
  await expect(row).toBeVisible();
  await page.getByTestId("composer-closed").getByRole("button", { name: "Reabrir" }).click();
  await expect(page.getByRole("tab", { name: /^Atendendo/ })).toHaveAttribute("aria-selected", "true");
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(composer).toBeEnabled();
});

test("a ticket opened by its address shows in the tab that lists it", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const number = customerNumber();
  await customerWrites(request, number, "Ainda aguardando", `Cliente ${unique()}`);
  const pending = await findTicket(request, admin, number);
  expect(pending.status).toBe("pending");

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${pending.uuid}`);
  await expect(page.getByRole("tab", { name: "Abertos" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Aguardando/ })).toHaveAttribute("aria-selected", "true");
  const row = page
    .getByTestId(`ticket-item-${pending.id}`)
    .getByRole("button", { name: new RegExp(`#${pending.id}$`) });
  await expect(row).toHaveAttribute("aria-current", "true");
});

test("Enter in the tag box creates a new tag or picks the one named as typed", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await ticketOfAdmin(request, admin, "Etiquetas");
  const existing = `Prioridade ${unique()}`;
  // A longer name that contains the first: Enter must still pick the exact one.
  for (const name of [`${existing} alta`, existing]) {
    const created = await request.post("/tags", { headers: admin, data: { name, color: "#1976d2" } });
    expect(created.status(), await created.text()).toBe(200);
  }
  const fresh = `Nova ${unique()}`;

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  const box = page.getByRole("combobox", { name: "Tags do ticket" });

  await box.fill(fresh);
  await box.press("Enter");
  const tagsOf = async () => {
    const response = await request.get(`/tickets/${ticket.id}`, { headers: admin });
    return ((await response.json()) as { tags: { name: string }[] }).tags.map((tag) => tag.name).sort();
  };
  await expect.poll(tagsOf).toEqual([fresh]);

  await box.fill(existing.toLowerCase());
  await box.press("Enter");
  await expect.poll(tagsOf).toEqual([fresh, existing].sort());
  const conversation = page.getByTestId("ticket-conversation");
  await expect(conversation.getByRole("button", { name: existing, exact: true })).toBeVisible();
  await expect(conversation.getByRole("button", { name: fresh, exact: true })).toBeVisible();
});

test("the header's buttons do not overlap and the emoji picker opens inside the screen, wide and on a phone", async ({
  browser,
  request,
}) => {
  // Two sign-ins, one per width.
  test.setTimeout(120_000);
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await ticketOfAdmin(request, admin, "Emojis");

  for (const viewport of [WIDE, PHONE]) {
    // Each width is loaded at that width (resizing a loaded page is the layout's own test).
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await loginThroughForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/tickets$/);
    const newTicket = page.getByRole("button", { name: "Novo" });
    const showAll = page.locator("label", { has: page.getByRole("switch") }).first();
    await expect(showAll).toContainText("Todos");
    const left = await newTicket.boundingBox();
    const right = await showAll.boundingBox();
    expect(left && right, "both are laid out").toBeTruthy();
    if (!left || !right) continue;
    // Side by side on one row, the switch starting where the button ends or later.
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);

    await page.goto(`/tickets/${ticket.uuid}`);
    await page.getByRole("button", { name: "Emojis" }).click();
    const picker = page.getByRole("listbox", { name: "Emojis" });
    await expect(picker.getByRole("option").first()).toBeVisible();
    await expect.poll(() => insideViewport(page, picker)).toBe(true);
    await picker.getByRole("option", { name: "👍" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("ticket-conversation").getByRole("textbox", { name: "Mensagem" })).toHaveValue("👍");
    await context.close();
  }
});

test("the contact drawer shows the e-mail and the extra-info fields", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const ticket = await ticketOfAdmin(request, admin, "Meus dados");
  const email = `cliente.${unique()}@example.com`;
  const contact = await request.get(`/contacts/${ticket.contactId}`, { headers: admin });
  const { name, number } = (await contact.json()) as { name: string; number: string };
  const saved = await request.put(`/contacts/${ticket.contactId}`, {
    headers: admin,
    data: { name, number, email, extraInfo: [{ name: "CPF", value: "123.456.789-00" }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByTestId("ticket-contact").click();
  const drawer = page.getByTestId("contact-drawer");
  await expect(drawer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  const extra = drawer.getByTestId("contact-extra-info");
  await expect(extra.getByRole("term")).toHaveText("CPF");
  await expect(extra.getByRole("definition")).toHaveText("123.456.789-00");
});

test("on a phone the simulator's steps and its chat are stacked, not drawn over each other", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/simulator");
  const steps = page.locator("section[aria-label]").filter({ has: page.locator("h2") });
  await expect(steps.first()).toBeVisible();
  const chat = page.getByTestId("simulator-messages");
  await expect(chat).toBeAttached();
  const lastStep = await steps.last().boundingBox();
  const chatPanel = await page.getByTestId("simulator-chat-title").boundingBox();
  expect(lastStep && chatPanel).toBeTruthy();
  expect(chatPanel!.y).toBeGreaterThanOrEqual(lastStep!.y + lastStep!.height);
});

test("the simulator shows its newest message and polls without aborted or overlapping requests", async ({
  page,
  request,
}) => {
  const number = customerNumber();
  for (let index = 1; index <= 16; index++) await customerWrites(request, number, `Mensagem antiga ${index}`);

  // Every GET of the chats list, and whether one started while another was on its way.
  const inFlight = new Set<Request>();
  const failed: string[] = [];
  let overlapping = 0;
  let chatListPolls = 0;
  const isChatList = (req: Request) => req.method() === "GET" && /\/simulator\/chats\/\d+$/.test(req.url());
  page.on("request", (req) => {
    if (!isChatList(req)) return;
    if (inFlight.size > 0) overlapping++;
    inFlight.add(req);
    chatListPolls++;
  });
  page.on("requestfinished", (req) => inFlight.delete(req));
  page.on("requestfailed", (req) => {
    inFlight.delete(req);
    if (req.url().includes("/simulator/")) failed.push(`${req.url()} ${req.failure()?.errorText}`);
  });

  await page.setViewportSize(WIDE);
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/simulator");
  await page.locator("#simulator-customer-number").fill(number);
  const chat = page.getByTestId("simulator-messages");
  await expect(chat).toContainText("Mensagem antiga 16");
  const atBottom = () => chat.evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight <= 1);
  await expect.poll(() => chat.evaluate((log) => log.scrollHeight > log.clientHeight)).toBe(true);
  await expect.poll(atBottom).toBe(true);

  // The customer writes from the page: the company's side answers (events), and the chat follows.
  const composer = page.getByRole("textbox", { name: "Mensagem do cliente" });
  await composer.fill(`Nova pergunta ${unique()}`);
  await composer.press("Enter");
  await expect(chat).toContainText("Nova pergunta");
  await expect.poll(atBottom).toBe(true);

  // Then idle: two more polls of the chats list come and go.
  const before = chatListPolls;
  await expect.poll(() => chatListPolls, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
  expect(failed).toEqual([]);
  expect(overlapping).toBe(0);
});
