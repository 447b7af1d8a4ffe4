import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, typeDate, unique } from "./support";

/** The demo's simulator connection (seed.ts). */
const SIMULATOR_ID = 1;

type Headers = Awaited<ReturnType<typeof apiLogin>>;
const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A customer writes in through the simulator; answers the id of the ticket it opened. */
async function inboundTicket(request: APIRequestContext, admin: Headers, name: string): Promise<number> {
  const number = customerNumber();
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  const sent = await request.post("/simulator/inbound", {
    data: { whatsappId: SIMULATOR_ID, from: number, name, body: `Olá, sou ${name}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  let id = 0;
  await expect
    .poll(
      async () => {
        const response = await request.get("/tickets", {
          headers: admin,
          params: { searchParam: number, showAll: "true" },
        });
        id = ((await response.json()) as { tickets: { id: number }[] }).tickets[0]?.id ?? 0;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

async function putTicket(request: APIRequestContext, headers: Headers, id: number, data: Record<string, unknown>) {
  const response = await request.put(`/tickets/${id}`, { headers, data });
  expect(response.status(), await response.text()).toBe(200);
}

const cardValue = (page: import("@playwright/test").Page, key: string) =>
  page.getByTestId(`dashboard-card-${key}`).getByTestId("dashboard-card-value");

test("the admin's dashboard shows its cards, attendants and charts on data made through the simulator", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  const tag = unique();
  // One waiting, one in talk, one finished: every card and both charts have something today.
  await inboundTicket(request, admin, `Painel Espera ${tag}`);
  const talking = await inboundTicket(request, admin, `Painel Conversa ${tag}`);
  const finished = await inboundTicket(request, admin, `Painel Fim ${tag}`);
  await putTicket(request, admin, talking, { status: "open" });
  await putTicket(request, admin, finished, { status: "open" });
  await putTicket(request, admin, finished, { status: "closed" });

  const today = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const expected = await request.get("/dashboard", {
    headers: admin,
    params: { days: 1, tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  expect(expected.status()).toBe(200);
  const { counters } = (await expected.json()) as { counters: Record<string, number> };
  expect(counters.supportPending).toBeGreaterThanOrEqual(1);
  expect(counters.supportHappening).toBeGreaterThanOrEqual(1);
  expect(counters.supportFinished).toBeGreaterThanOrEqual(1);
  expect(counters.newContacts).toBeGreaterThanOrEqual(3);

  await page.setViewportSize({ width: 1440, height: 1400 });
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Today only, through the period filter: the cards show the server's figures.
  await page.getByRole("combobox", { name: "Tipo de filtro" }).click();
  await page.getByRole("option", { name: "Filtro por período" }).click();
  await page.getByRole("button", { name: "Filtrar" }).first().click();
  await expect(page.getByText("Parametrize o filtro")).toBeVisible();
  await page.getByRole("combobox", { name: "Período" }).click();
  await page.getByRole("option", { name: "Últimos 3 dias" }).click();
  await page.getByRole("button", { name: "Filtrar" }).first().click();
  for (const key of ["supportHappening", "supportPending", "supportFinished", "newContacts"]) {
    await expect(cardValue(page, key)).toHaveText(/^\d+$/);
    expect(Number(await cardValue(page, key).textContent())).toBeGreaterThanOrEqual(counters[key] ?? 0);
  }
  await expect(cardValue(page, "avgSupportTime")).toHaveText(/\d+m/);
  await expect(cardValue(page, "avgWaitTime")).toHaveText(/\d+m/);

  // The attendants: the admin's own browser is connected, so the admin reads as online.
  const attendants = page.getByRole("table", { name: "Atendentes" });
  const adminRow = attendants.getByRole("row").filter({ hasText: "Ana Admin" }).first();
  await expect(adminRow.locator("[data-online]")).toHaveAttribute("data-online", "true", { timeout: 15_000 });

  // Both charts draw bars for today (their default range is the last 7 days).
  for (const chart of ["ticketsUsers", "ticketsDay"]) {
    await expect(page.getByTestId(`chart-${chart}`).locator(".recharts-bar-rectangle").first()).toBeVisible();
  }
  // One day in the date chart switches it to hours.
  const dayChart = page.getByTestId("chart-ticketsDay");
  const shownDay = day.split("-").reverse().join("/");
  await typeDate(dayChart.getByRole("group", { name: "Data inicial" }), shownDay);
  await typeDate(dayChart.getByRole("group", { name: "Data final" }), shownDay);
  await dayChart.getByRole("button", { name: "Filtrar" }).click();
  await expect(dayChart.getByRole("heading", { name: /Atendimentos por hora/ })).toBeVisible();
  await expect(dayChart.locator(".recharts-bar-rectangle").first()).toBeVisible();

  await page.screenshot({ path: join(import.meta.dirname, "../screenshots/dashboard.png"), fullPage: true });
});
