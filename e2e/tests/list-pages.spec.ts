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
