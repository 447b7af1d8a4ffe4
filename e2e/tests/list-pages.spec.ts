import type { Locator, Page } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

test.use({ viewport: { width: 1366, height: 800 } });

/** List pages with a search box and a primary button, as the demo admin sees them (pt). */
const LIST_PAGES = [
  { path: "/tags", title: "Tags", primary: "Nova tag" },
  { path: "/users", title: "Usuários", primary: "Adicionar usuário" },
  { path: "/contacts", title: "Contatos", primary: "Adicionar contato" },
  { path: "/quick-messages", title: "Respostas rápidas", primary: "Adicionar" },
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

const middle = (b: { y: number; height: number }) => b.y + b.height / 2;

async function openListPage(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("list headers keep the title, the search and the primary button on one row at 1366 px; at 390 px the search and the button share the line under the title", async ({
  page,
}) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);

  for (const { path, title, primary } of LIST_PAGES) {
    await openListPage(page, path, title);
    const heading = page.getByRole("heading", { level: 1, name: title });
    const search = page.getByRole("searchbox");
    const button = page.getByRole("button", { name: primary, exact: true });
    const [headingBox, searchBox, buttonBox] = [await box(heading), await box(search), await box(button)];
    // One row: the button's middle within the search box's height, and both level with the title.
    expect(Math.abs(middle(buttonBox) - middle(searchBox)), `${path}: button beside the search`).toBeLessThan(
      searchBox.height / 2,
    );
    expect(buttonBox.x, `${path}: button right of the search`).toBeGreaterThan(searchBox.x + searchBox.width);
    expect(Math.abs(middle(searchBox) - middle(headingBox)), `${path}: tools level with the title`).toBeLessThan(
      headingBox.height,
    );
  }

  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path, title, primary } of LIST_PAGES) {
    await openListPage(page, path, title);
    const heading = page.getByRole("heading", { level: 1, name: title });
    const search = page.getByRole("searchbox");
    const button = page.getByRole("button", { name: primary, exact: true });
    const [headingBox, searchBox, buttonBox] = [await box(heading), await box(search), await box(button)];
    // The tools go under the title, the primary button still beside the search, inside the screen.
    expect(searchBox.y, `${path}: search under the title`).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);
    expect(Math.abs(middle(buttonBox) - middle(searchBox)), `${path}: button beside the search`).toBeLessThan(
      searchBox.height / 2,
    );
    for (const part of [searchBox, buttonBox]) {
      expect(part.x, `${path}: inside the screen`).toBeGreaterThanOrEqual(0);
      expect(part.x + part.width, `${path}: inside the screen`).toBeLessThanOrEqual(390);
    }
    await expect(button).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `${path}: no sideways scroll`).toBe(false);
  }
});

test("an attendant is offered only what the server lets the profile do", async ({ page, request }) => {
  const tag = `h6-${unique()}`;
  const created = await request.post("/tags", { headers: await apiLogin(request, DEMO.agent), data: { name: tag } });
  expect(created.status(), await created.text()).toBe(200);

  await loginThroughForm(page, DEMO.agent);
  await expect(page).toHaveURL(/\/tickets$/);

  // Users and invoices are the admins' (403): the page says so instead of an empty list.
  for (const { path, title } of [
    { path: "/users", title: "Usuários" },
    { path: "/financeiro", title: "Faturas" },
  ]) {
    await openListPage(page, path, title);
    await expect(page.getByTestId("no-access")).toContainText("Você não tem acesso a esta página");
    await expect(page.getByRole("table")).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: "Adicionar usuário" })).toHaveCount(0);

  // Queues may be read, not written.
  await openListPage(page, "/queues", "Filas e Chatbot");
  await expect(page.getByRole("cell", { name: "Atendimento", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar fila" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Editar fila" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Excluir fila" })).toHaveCount(0);

  // Tags may be added and edited; deleting is the admins'.
  await openListPage(page, "/tags", "Tags");
  const row = page.getByRole("row").filter({ hasText: tag });
  await expect(row.getByRole("button", { name: "Editar tag" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Excluir tag" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Nova tag" })).toBeVisible();

  // Contacts: no delete without the permission, no phone import (admins only).
  await openListPage(page, "/contacts", "Contatos");
  await expect(page.getByRole("button", { name: "Adicionar contato" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Importar do celular" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Excluir contato" })).toHaveCount(0);
});

/**
 * List pages the demo admin sees with rows (pt): at 390 px each row is a card. `list` names the list
 * when it is not the page's title (the campaign settings' variables).
 */
const PHONE_LIST_PAGES: { path: string; title: string; list?: string }[] = [
  { path: "/users", title: "Usuários" },
  { path: "/contacts", title: "Contatos" },
  { path: "/connections", title: "Conexões" },
  { path: "/queues", title: "Filas e Chatbot" },
  { path: "/contact-lists", title: "Listas de contatos" },
  { path: "/financeiro", title: "Faturas" },
  { path: "/campaigns", title: "Campanhas" },
  { path: "/tags", title: "Tags" },
  { path: "/quick-messages", title: "Respostas rápidas" },
  { path: "/files", title: "Lista de arquivos" },
  { path: "/flowbuilders", title: "Fluxos de conversa" },
  { path: "/phrase-lists", title: "Campanhas de frase" },
  { path: "/campaigns-config", title: "Configurações das campanhas", list: "Variáveis" },
];

const PHONE_WIDTH = 390;

/** Every row button of a list's cards lies within the phone's width, and the page does not scroll sideways. */
async function expectCardsOnScreen(page: Page, path: string, list: string) {
  const cards = page.getByRole("list", { name: list }).locator(":scope > li");
  await expect(cards.first(), `${path}: rows as cards`).toBeVisible();
  await expect(page.getByRole("table"), `${path}: no table on a phone`).toHaveCount(0);
  const count = await cards.count();
  let buttons = 0;
  for (let index = 0; index < count; index++) {
    for (const button of await cards.nth(index).getByRole("button").all()) {
      const found = await box(button);
      expect(
        found.x,
        `${path}: row ${index}'s ${await button.getAttribute("aria-label")} on screen`,
      ).toBeGreaterThanOrEqual(0);
      expect(found.x + found.width, `${path}: row ${index}'s button on screen`).toBeLessThanOrEqual(PHONE_WIDTH);
      buttons++;
    }
  }
  expect(buttons, `${path}: the rows' actions are buttons on the cards`).toBeGreaterThan(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path}: no sideways scroll`).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** How many lines an element's text takes (its height without padding over its line height). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const content =
      element.getBoundingClientRect().height -
      Number.parseFloat(style.paddingTop) -
      Number.parseFloat(style.paddingBottom);
    return Math.round(content / Number.parseFloat(style.lineHeight));
  });

test("at 390 px list pages show a card per row with every row button inside the screen, long e-mails whole, and nothing sideways", async ({
  page,
  request,
}) => {
  const headers = await apiLogin(request, DEMO.admin);
  const email = `maria.aparecida.dos.santos.${unique()}@empresa-de-exemplo.com.br`;
  const contactName = `Maria ${unique()}`;
  const created = await request.post("/contacts", {
    headers,
    data: { name: contactName, number: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`, email },
  });
  expect(created.status(), await created.text()).toBe(200);
  // A row on each page the demo seeds empty (it seeds flows and phrase campaigns already).
  const suffix = unique();
  for (const [path, data] of [
    ["/tags", { name: `Atacado ${suffix}` }],
    ["/quick-messages", { shortcode: `horario${suffix}`, message: "Atendemos de segunda a sexta, das 8h às 18h." }],
    ["/files", { name: `Catálogo ${suffix}`, message: "Fotos e preços" }],
  ] as const) {
    const answer = await request.post(path, { headers, data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  }
  // A campaign variable too, kept beside those already saved (the answer holds each setting as JSON text).
  const campaignSettings = await request.get("/campaign-settings", { headers });
  expect(campaignSettings.status(), await campaignSettings.text()).toBe(200);
  const records = (await campaignSettings.json()) as { key: string; value: string }[];
  const stored = records.find((record) => record.key === "variables");
  const variables = stored ? (JSON.parse(stored.value) as object[]) : [];
  const saved = await request.post("/campaign-settings", {
    headers,
    data: { settings: { variables: [...variables, { key: `loja${suffix}`, value: "Rua A 100" }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);

  for (const { path, title, list } of PHONE_LIST_PAGES) {
    await openListPage(page, path, title);
    await expectCardsOnScreen(page, path, list ?? title);
  }

  // A user's card says in words whether they are online (the dot is only colour).
  await openListPage(page, "/users", "Usuários");
  const admin = page.getByRole("list", { name: "Usuários" }).locator(":scope > li").filter({ hasText: DEMO.admin });
  await expect(admin.locator("dt", { hasText: "Status" })).toBeVisible();
  await expect(admin.locator("dd").filter({ hasText: /^(Online|Offline)$/ })).toBeVisible();

  // A flow's card opens it in the builder, as its table row does.
  await openListPage(page, "/flowbuilders", "Fluxos de conversa");
  await page.getByRole("list", { name: "Fluxos de conversa" }).locator(":scope > li").first().click();
  await expect(page).toHaveURL(/\/flowbuilder\/\d+$/);

  // The invoice's Pagar button, once off the screen's edge, is on its card.
  await openListPage(page, "/financeiro", "Faturas");
  await expect(
    page
      .getByRole("list", { name: "Faturas" })
      .getByRole("button", { name: /^Pagar \d+$/ })
      .first(),
  ).toBeInViewport();

  // A long e-mail wraps at its dots (a few lines), not letter by letter; the card keeps its buttons.
  await openListPage(page, "/contacts", "Contatos");
  await page.getByRole("searchbox").fill(contactName);
  const card = page.getByRole("listitem", { name: contactName });
  const value = card.locator("dd").filter({ hasText: "@" });
  await expect(value).toHaveText(email);
  expect(await linesOf(value), "the e-mail's lines").toBeLessThanOrEqual(3);
  const valueBox = await box(value);
  expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(PHONE_WIDTH);
  await expect(card.getByRole("button", { name: "Editar contato" })).toBeInViewport();

  // The same e-mail at 1366 px sits in its table cell on one or two lines.
  await page.setViewportSize({ width: 1366, height: 800 });
  const cell = page.getByRole("cell", { name: email });
  await expect(cell).toBeVisible();
  expect(await linesOf(cell), "the e-mail's lines at 1366 px").toBeLessThanOrEqual(2);
});

test("an attendant's connections have no empty Ações column", async ({ page }) => {
  await loginThroughForm(page, DEMO.agent);
  await expect(page).toHaveURL(/\/tickets$/);
  await openListPage(page, "/connections", "Conexões");
  const table = page.getByRole("table", { name: "Conexões" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Nome" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Ações" })).toHaveCount(0);
  await expect(table.getByRole("button", { name: "Editar conexão" })).toHaveCount(0);
});

test("at 390 px the super user's announcements are cards and every settings tab is reachable on screen", async ({
  page,
  request,
}) => {
  const headers = await apiLogin(request, DEMO.super);
  const title = `Manutenção programada do sistema ${unique()}`;
  const created = await request.post("/announcements", {
    headers,
    data: { title, text: "O sistema fica fora do ar domingo às 2h.", status: false },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await loginThroughForm(page, DEMO.super);
  await expect(page).not.toHaveURL(/\/login$/);
  await openListPage(page, "/announcements", "Informativos");
  await expectCardsOnScreen(page, "/announcements", "Informativos");
  await expect(
    page.getByRole("listitem", { name: title }).getByRole("button", { name: `Editar ${title}` }),
  ).toBeInViewport();

  // Each tab is inside the screen (scrolled to by its arrow where they do not all fit) and opens its panel.
  await page.goto("/settings");
  const tabs = page.getByRole("tablist", { name: "Seções das configurações" }).getByRole("tab");
  await expect(tabs.last()).toHaveText("Ajuda");
  const names = await tabs.allTextContents();
  expect(names).toEqual(expect.arrayContaining(["Opções", "Empresas", "Planos", "Ajuda"]));
  for (const name of names) {
    const tab = page.getByRole("tab", { name, exact: true });
    const forward = page.locator(".MuiTabs-scrollButtons").last();
    for (let step = 0; step < 5 && !(await isWhollyOnScreen(tab)); step++) await forward.click();
    expect(await isWhollyOnScreen(tab), `the ${name} tab on screen`).toBe(true);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name })).toBeVisible();
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "/settings: no sideways scroll").toBeLessThanOrEqual(PHONE_WIDTH);
});

/** Whether a tab lies wholly within its bar's visible part and the phone's width (a tab cut by an edge does not). */
async function isWhollyOnScreen(tab: Locator) {
  const found = await box(tab);
  const visible = await box(tab.locator("xpath=ancestor::*[contains(@class, 'MuiTabs-scroller')]"));
  const left = Math.max(0, visible.x);
  const right = Math.min(PHONE_WIDTH, visible.x + visible.width);
  return found.x >= left - 0.5 && found.x + found.width <= right + 0.5;
}
