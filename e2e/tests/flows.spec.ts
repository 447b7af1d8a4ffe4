import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, loginThroughForm, pageSessionHeaders, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
/** The demo's simulator connection (seed.ts). */
const SIMULATOR_ID = 1;

const flowRow = (page: Page, name: string): Locator =>
  page.getByTestId("flow-row").filter({ has: page.getByText(name, { exact: true }) });

/** Runs one entry of a flow row's menu. */
async function flowMenu(page: Page, name: string, entry: string) {
  await flowRow(page, name)
    .getByRole("button", { name: `Mais ações de ${name}` })
    .click();
  await page.getByRole("menuitem", { name: entry }).click();
}

test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
});

test("flow list: add (with the name rules), search, rename, duplicate, delete with the warning, open; another tab follows", async ({
  page,
  context,
}) => {
  const tag = unique();
  const name = `Boas-vindas ${tag}`;
  const headers = await pageSessionHeaders(page);
  // Another flow of the same run, which the search must leave out.
  const other = await page.request.post("/flowbuilder", { headers, data: { name: `Outro ${tag}` } });
  expect(other.status(), await other.text()).toBe(200);

  const watcher = await context.newPage();
  await watcher.goto("/flowbuilders");
  await expect(watcher.getByRole("heading", { name: "Fluxos de conversa" })).toBeVisible();

  // The side menu's flows group leads to the page.
  await page.getByTestId("menu-flows").click();
  await page.getByTestId("menu-flowbuilders").click();
  await expect(page).toHaveURL(/\/flowbuilders$/);
  await expect(page.getByRole("heading", { name: "Fluxos de conversa" })).toBeVisible();

  await page.getByRole("button", { name: "Adicionar fluxo" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar fluxo" });
  const nameField = dialog.getByRole("textbox", { name: /Nome do fluxo/ });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Digite um nome!")).toBeVisible();
  await nameField.fill("a");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Muito curto!")).toBeVisible();
  await nameField.fill("x".repeat(51));
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Muito longo!")).toBeVisible();
  await nameField.fill(name);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Fluxo criado com sucesso")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(flowRow(page, name).getByText("Ativo")).toBeVisible();
  // The other tab follows company-{id}-flowbuilder.
  await expect(flowRow(watcher, name)).toBeVisible();

  await page.getByRole("searchbox", { name: "Pesquisar fluxos" }).fill(`Boas-vindas ${tag}`);
  await expect(flowRow(page, `Outro ${tag}`)).toHaveCount(0);
  await expect(page.getByTestId("flow-row")).toHaveCount(1);
  await expect(flowRow(page, name)).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "flows-list.png") });

  const renamed = `${name} editado`;
  await flowMenu(page, name, "Editar nome");
  const rename = page.getByRole("dialog", { name: "Editar nome do fluxo" });
  await expect(rename.getByRole("textbox", { name: /Nome do fluxo/ })).toHaveValue(name);
  await rename.getByRole("textbox", { name: /Nome do fluxo/ }).fill(renamed);
  await rename.getByRole("button", { name: "Salvar" }).click();
  await expect(rename).toBeHidden();
  await expect(flowRow(page, renamed)).toBeVisible();
  await expect(flowRow(watcher, renamed)).toBeVisible();
  await expect(page).toHaveURL(/\/flowbuilders$/);

  const copy = `${renamed} - cópia`;
  await flowMenu(page, renamed, "Duplicar");
  await expect(page.getByText("Fluxo duplicado com sucesso")).toBeVisible();
  await expect(flowRow(page, copy)).toBeVisible();
  await expect(flowRow(watcher, copy)).toBeVisible();

  await flowMenu(page, copy, "Excluir");
  const confirmation = page.getByRole("dialog", { name: `Excluir o fluxo ${copy}?` });
  await expect(confirmation.getByText(/Todas as integrações relacionadas a ele serão perdidas/)).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "flows-delete.png") });
  await confirmation.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Fluxo excluído com sucesso")).toBeVisible();
  await expect(flowRow(page, copy)).toHaveCount(0);
  await expect(flowRow(watcher, copy)).toHaveCount(0);

  // A flow created through the API (another session) shows up in both tabs without a reload.
  const live = await page.request.post("/flowbuilder", { headers, data: { name: `Boas-vindas ${tag} API` } });
  expect(live.status(), await live.text()).toBe(200);
  await expect(flowRow(page, `Boas-vindas ${tag} API`)).toBeVisible();
  await expect(flowRow(watcher, `Boas-vindas ${tag} API`)).toBeVisible();

  // The menu's "Editar fluxo" and the row itself open the builder.
  const listed = (await (
    await page.request.get("/flowbuilder", { headers, params: { searchParam: renamed, pageNumber: 1 } })
  ).json()) as { flows: { id: number; name: string }[] };
  const flowId = listed.flows.find((flow) => flow.name === renamed)?.id;
  expect(flowId).toBeDefined();
  await flowMenu(page, renamed, "Editar fluxo");
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flowId}$`));
  await page.goBack();
  await flowRow(page, renamed).getByText(renamed, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${flowId}$`));
});

test("phrase campaigns: create with the required fields, edit to Desativado, delete; another tab follows", async ({
  page,
  context,
}) => {
  const tag = unique();
  const headers = await pageSessionHeaders(page);
  const flowName = `Fluxo ${tag}`;
  const flow = await page.request.post("/flowbuilder", { headers, data: { name: flowName } });
  expect(flow.status(), await flow.text()).toBe(200);
  const flowId = ((await flow.json()) as { id: number }).id;
  const connection = await page.request.get(`/whatsapp/${SIMULATOR_ID}`, { headers });
  const connectionName = ((await connection.json()) as { name: string }).name;

  const watcher = await context.newPage();
  await watcher.goto("/phrase-lists");
  await expect(watcher.getByRole("heading", { name: "Campanhas de frase" })).toBeVisible();

  await page.getByTestId("menu-flows").click();
  await page.getByTestId("menu-phrase-lists").click();
  await expect(page).toHaveURL(/\/phrase-lists$/);
  await page.getByRole("button", { name: "Adicionar campanha" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar campanha de frase" });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(4);

  const name = `Promoção ${tag}`;
  await dialog.getByRole("textbox", { name: /Nome/ }).fill(name);
  await dialog.getByRole("combobox", { name: /Fluxo/ }).click();
  await page.getByRole("option", { name: flowName, exact: true }).click();
  await dialog.getByRole("combobox", { name: /Conexão/ }).click();
  await page.getByRole("option", { name: connectionName, exact: true }).click();
  await dialog.getByRole("textbox", { name: /Frase/ }).fill(`quero a promo ${tag}`);
  await expect(dialog.getByText("Obrigatório")).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, "phrase-lists-dialog.png") });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Frase criada com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Ativo")).toBeVisible();
  await expect(watcher.getByRole("row").filter({ hasText: name }).getByText("Ativo")).toBeVisible();

  await row.getByRole("button", { name: "Editar campanha" }).click();
  const edit = page.getByRole("dialog", { name: "Editar campanha de frase" });
  await expect(edit.getByRole("textbox", { name: /Frase/ })).toHaveValue(`quero a promo ${tag}`);
  await expect(edit.getByRole("combobox", { name: /Fluxo/ })).toHaveText(flowName);
  const status = edit.getByRole("switch", { name: "Status" });
  await expect(status).toBeChecked();
  await status.click();
  await expect(edit.getByText("Desativado")).toBeVisible();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Frase alterada com sucesso!")).toBeVisible();
  await expect(row.getByText("Desativado")).toBeVisible();
  await expect(watcher.getByRole("row").filter({ hasText: name }).getByText("Desativado")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "phrase-lists.png") });

  // A campaign created through the API shows up in both tabs.
  const apiName = `Cardápio ${tag}`;
  const created = await page.request.post("/flowcampaign", {
    headers,
    data: { name: apiName, flowId, whatsappId: SIMULATOR_ID, phrase: `cardápio ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  await expect(page.getByRole("row").filter({ hasText: apiName })).toBeVisible();
  await expect(watcher.getByRole("row").filter({ hasText: apiName })).toBeVisible();

  await row.getByRole("button", { name: "Excluir campanha" }).click();
  await page
    .getByRole("dialog", { name: `Excluir a campanha ${name}?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(page.getByText("Frase deletada")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(watcher.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});
