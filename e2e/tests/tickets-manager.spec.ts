import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/** The demo's simulator connection (seed.ts): it serves the queues Atendimento and Financeiro. */
const SIMULATOR_ID = 1;

type Headers = Awaited<ReturnType<typeof apiLogin>>;
interface TicketRow {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
}

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function queueIdByName(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const response = await request.get("/queue", { headers });
  expect(response.status()).toBe(200);
  const queues = (await response.json()) as { id: number; name: string }[];
  const queue = queues.find((item) => item.name === name);
  if (!queue) throw new Error(`queue ${name} is not in the demo`);
  return queue.id;
}

/** A customer writes in through the simulator; answers the ticket it opened. */
async function inboundTicket(request: APIRequestContext, admin: Headers, number: string, name: string) {
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  const sent = await request.post("/simulator/inbound", {
    data: { whatsappId: SIMULATOR_ID, from: number, name, body: `Olá, sou ${name}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  let ticket: TicketRow | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get("/tickets", {
          headers: admin,
          params: { searchParam: number, showAll: "true" },
        });
        ticket = ((await response.json()) as { tickets: TicketRow[] }).tickets[0];
        return ticket?.id ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return ticket as TicketRow;
}

async function putTicket(request: APIRequestContext, headers: Headers, id: number, data: Record<string, unknown>) {
  const response = await request.put(`/tickets/${id}`, { headers, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TicketRow;
}

/** The count the server gives a list of this user: what the tab's badge must show. */
async function listCount(request: APIRequestContext, headers: Headers, params: Record<string, string>) {
  const response = await request.get("/tickets", { headers, params });
  return ((await response.json()) as { count: number }).count;
}

async function expectBadge(tab: Locator, label: string, count: number) {
  await expect(tab).toHaveText(count > 0 ? `${label}${count}` : label);
}

async function openTicketsPage(page: Page, email: string) {
  await loginThroughForm(page, email);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByRole("tab", { name: "Abertos" })).toBeVisible();
}

test("a ticket transferred to a queue the attendant lacks leaves the attendant's pending list live", async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const agent = await apiLogin(request, DEMO.agent);
  const atendimento = await queueIdByName(request, admin, "Atendimento");
  const financeiro = await queueIdByName(request, admin, "Financeiro");
  const ticket = await inboundTicket(request, admin, customerNumber(), `Cliente ${unique()}`);
  // Into the agent's queue, waiting for someone (a transfer without a user leaves it pending).
  await putTicket(request, admin, ticket.id, { queueId: atendimento });

  const context = await browser.newContext();
  const page = await context.newPage();
  await openTicketsPage(page, DEMO.agent);
  const pendingTab = page.getByRole("tab", { name: "Aguardando" });
  await pendingTab.click();
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item).toBeVisible();
  await expect(item.getByRole("button", { name: "Aceitar" })).toBeVisible();
  const pendingParams = { status: "pending", queueIds: `[${atendimento}]` };
  await expectBadge(pendingTab, "Aguardando", await listCount(request, agent, pendingParams));

  // The admin moves it to Financeiro, which the agent does not serve: it disappears without a reload.
  await putTicket(request, admin, ticket.id, { queueId: financeiro });
  await expect(item).toHaveCount(0);
  await expectBadge(pendingTab, "Aguardando", await listCount(request, agent, pendingParams));
  await context.close();
});

test("closing and reopening move a ticket between the open and closed tabs live", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const atendimento = await queueIdByName(request, admin, "Atendimento");
  const ticket = await inboundTicket(request, admin, customerNumber(), `Cliente ${unique()}`);
  await putTicket(request, admin, ticket.id, { queueId: atendimento });

  await openTicketsPage(page, DEMO.agent);
  // Load the closed tab once, so what it shows later can only come from the live update.
  await page.getByRole("tab", { name: "Resolvidos" }).click();
  const item = page.getByTestId(`ticket-item-${ticket.id}`);
  await expect(item).toHaveCount(0);
  await page.getByRole("tab", { name: "Abertos" }).click();

  // Accepting opens the ticket and moves it to the assigned sub-tab.
  await page.getByRole("tab", { name: "Aguardando" }).click();
  await item.getByRole("button", { name: "Aceitar" }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await page.getByRole("tab", { name: "Atendendo" }).click();
  await expect(item).toBeVisible();

  await item.getByRole("button", { name: "Resolver" }).click();
  await expect(item).toHaveCount(0);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole("tab", { name: "Resolvidos" }).click();
  await expect(item).toBeVisible();
  await expect(item.getByRole("button", { name: "Resolver" })).toHaveCount(0);

  // Reopening goes where the ticket went (issue 14): the ticket, in Abertos / Atendendo. The page may
  // switch before the closed list is seen without it, so that list is looked at afterwards.
  await item.getByRole("button", { name: "Reabrir" }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByRole("tab", { name: "Abertos" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Atendendo" })).toHaveAttribute("aria-selected", "true");
  await expect(item).toBeVisible();
  await expect(item.getByRole("button", { name: "Resolver" })).toBeVisible();
  // It left the closed list, live (the closed tab was loaded before and is not fetched again).
  await page.getByRole("tab", { name: "Resolvidos" }).click();
  await expect(item).toHaveCount(0);
});

test("a new message moves its ticket to the top of the list with its unread count, live", async ({ page, request }) => {
  const admin = await apiLogin(request, DEMO.admin);
  const atendimento = await queueIdByName(request, admin, "Atendimento");
  const olderNumber = customerNumber();
  const older = await inboundTicket(request, admin, olderNumber, `Cliente ${unique()}`);
  const newer = await inboundTicket(request, admin, customerNumber(), `Cliente ${unique()}`);
  await putTicket(request, admin, older.id, { queueId: atendimento });
  await putTicket(request, admin, newer.id, { queueId: atendimento });

  await openTicketsPage(page, DEMO.agent);
  await page.getByRole("tab", { name: "Aguardando" }).click();
  const rows = page.locator('[data-testid^="ticket-item-"]');
  await expect(rows.first()).toHaveAttribute("data-testid", `ticket-item-${newer.id}`);
  const olderRow = page.getByTestId(`ticket-item-${older.id}`);
  const unreadBefore = Number((await olderRow.getByLabel(/mensagens não lidas/).textContent()) ?? "0");

  const body = `Ainda preciso de ajuda ${unique()}`;
  const sent = await request.post("/simulator/inbound", {
    data: { whatsappId: SIMULATOR_ID, from: olderNumber, body },
  });
  expect(sent.status()).toBe(200);
  await expect(rows.first()).toHaveAttribute("data-testid", `ticket-item-${older.id}`);
  await expect(olderRow).toContainText(body);
  await expect(olderRow.getByLabel(/mensagens não lidas/)).toHaveText(String(unreadBefore + 1));
});

test("a new ticket names the attendant already serving the contact, then opens once the contact is free", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const agent = await apiLogin(request, DEMO.agent);
  const atendimento = await queueIdByName(request, admin, "Atendimento");
  const name = `Cliente ${unique()}`;
  const ticket = await inboundTicket(request, admin, customerNumber(), name);
  await putTicket(request, admin, ticket.id, { queueId: atendimento });
  // The attendant accepts it: the contact now has an open ticket of someone else.
  await putTicket(request, agent, ticket.id, { status: "open" });

  await openTicketsPage(page, DEMO.admin);
  await page.getByRole("button", { name: "Novo" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar atendimento" });
  await dialog.getByRole("combobox", { name: "Contato" }).fill(name);
  await page.getByRole("option", { name: new RegExp(`^${name} - `) }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Bruno Atendente");
  await expect(dialog.getByRole("alert")).toContainText("Atendimento");
  await expect(page).toHaveURL(/\/tickets$/);

  // Once the attendant resolves it, the same dialog creates the admin's own ticket and opens it.
  await putTicket(request, agent, ticket.id, { status: "closed" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(ticket.uuid);
});

test("the list stays virtualized while scrolling through 10,000 tickets", async ({ page }) => {
  test.setTimeout(240_000);
  const total = 10_000;
  const pageSize = 40;
  const now = Date.now();
  let served = 0;
  /** Synthetic rows, newest first, served for the assigned list only: the real server stays untouched. */
  const syntheticTicket = (index: number) => {
    const id = 1_000_000 + total - index;
    return {
      id,
      uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
      status: "open",
      userId: null,
      user: null,
      queueId: null,
      queue: null,
      whatsappId: null,
      whatsapp: null,
      contactId: id,
      contact: { id, name: `Volume ${index}`, number: `5511${id}`, profilePicUrl: "", email: "" },
      isGroup: false,
      chatbot: false,
      lastMessage: `mensagem ${index}`,
      unreadMessages: index % 3,
      updatedAt: new Date(now - index * 60_000).toISOString(),
      createdAt: new Date(now - index * 60_000).toISOString(),
      tags: [],
      useIntegration: false,
      promptId: null,
      integrationId: null,
      code: null,
    };
  };
  await page.route(
    (url) => url.pathname === "/tickets" && url.searchParams.get("status") === "open",
    async (route) => {
      const pageNumber = Number(new URL(route.request().url()).searchParams.get("pageNumber") ?? "1");
      const start = (pageNumber - 1) * pageSize;
      const tickets = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) =>
        syntheticTicket(start + i),
      );
      served = Math.max(served, pageNumber);
      await route.fulfill({ json: { tickets, count: total, hasMore: start + tickets.length < total } });
    },
  );

  // Realtime is off for this page (the socket uses long polling): other specs' tickets on the shared server,
  // or a reconnect's resync back to the first page, would change the synthetic list mid-scroll, and paging
  // through a still list is what this test is about.
  await page.route(
    (url) => url.pathname.startsWith("/socket.io/"),
    (route) => route.abort(),
  );
  await openTicketsPage(page, DEMO.agent);
  const assigned = page.getByRole("tab", { name: "Atendendo" });
  await expectBadge(assigned, "Atendendo", total);
  const rows = page.locator('[data-testid^="ticket-item-"]');
  await expect(rows.first()).toBeVisible();
  const scroller = page.locator("[data-virtuoso-scroller]");

  const pages = total / pageSize;
  let mostRows = 0;
  while (served < pages) {
    const before = served;
    // Scrolled again on every poll: a scroll that lands while the previous page is still being drawn
    // reaches the old bottom, and the list grows past it without asking for more.
    await expect
      .poll(
        async () => {
          await scroller.evaluate((element) => {
            element.scrollTop = element.scrollHeight;
          });
          return served;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(before);
    mostRows = Math.max(mostRows, await rows.count());
  }
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(page.getByTestId(`ticket-item-${1_000_000 + 1}`)).toBeVisible();
  // Only what fits the viewport (plus a small overscan) is ever in the page, not 10,000 rows.
  expect(mostRows).toBeLessThan(60);
  // One request per page: no page asked twice, none skipped.
  expect(served).toBe(pages);
});
