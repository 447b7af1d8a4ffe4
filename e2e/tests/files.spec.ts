import { join } from "node:path";
import { DEMO, expect, loginThroughForm, pageSessionHeaders, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");

/** A 1×1 PNG and a small PDF: the server types uploads by their bytes, so they must be real. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
});

test("file lists: create with uploaded files (seen live in another tab), edit, then delete", async ({
  page,
  context,
}) => {
  const name = `Catálogo ${unique()}`;
  const watcher = await context.newPage();
  await watcher.goto("/files");
  await expect(watcher.getByRole("heading", { name: "Lista de arquivos", exact: true })).toBeVisible();

  await page.goto("/files");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar lista de arquivos" });
  await dialog.getByRole("textbox", { name: /Nome da lista/ }).fill("ab");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Muito curto!")).toBeVisible();
  await expect(dialog.getByText("Obrigatório")).toBeVisible();

  await dialog.getByRole("textbox", { name: /Nome da lista/ }).fill(name);
  await dialog.getByRole("textbox", { name: /Detalhes da lista/ }).fill("Fotos e tabela de preços de maio");
  await dialog.getByTestId("file-list-picker").setInputFiles([
    { name: "foto.png", mimeType: "image/png", buffer: PNG },
    { name: "tabela.pdf", mimeType: "application/pdf", buffer: PDF },
  ]);
  await expect(dialog.getByTestId("file-entry")).toHaveCount(2);
  await dialog.getByRole("textbox", { name: "Mensagem enviada com o arquivo" }).first().fill("Confira nossa vitrine!");
  await page.screenshot({ path: join(SCREENSHOTS, "files-dialog.png") });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Lista de arquivos salva com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("2 arquivos")).toBeVisible();
  // The other tab follows company-{id}-file without reloading.
  await expect(watcher.getByRole("row").filter({ hasText: name }).getByText("2 arquivos")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "files-list.png") });

  await row.getByRole("button", { name: "Editar lista" }).click();
  const edit = page.getByRole("dialog", { name: "Editar lista de arquivos" });
  await expect(edit.getByRole("textbox", { name: "Mensagem enviada com o arquivo" }).first()).toHaveValue(
    "Confira nossa vitrine!",
  );
  const photoUrl = (await edit.getByRole("link", { name: "foto.png" }).getAttribute("href")) ?? "";
  expect(photoUrl).toMatch(/^\/public\/company\d+\/[0-9a-f-]{36}\.png$/);
  const served = await page.request.get(photoUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("image/png");
  expect((await served.body()).equals(PNG)).toBe(true);
  await page.screenshot({ path: join(SCREENSHOTS, "files-edit.png") });

  await edit
    .getByTestId("file-entry")
    .filter({ hasText: "tabela.pdf" })
    .getByRole("button", { name: "Remover da lista" })
    .click();
  await expect(edit.getByTestId("file-entry")).toHaveCount(1);
  await edit.getByRole("textbox", { name: /Nome da lista/ }).fill(`${name} editado`);
  await edit.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole("row").filter({ hasText: `${name} editado` });
  await expect(edited.getByText("1 arquivo", { exact: true })).toBeVisible();
  await expect(watcher.getByRole("row").filter({ hasText: `${name} editado` })).toBeVisible();

  await edited.getByRole("button", { name: "Excluir lista" }).click();
  await page
    .getByRole("dialog", { name: `Excluir a lista ${name} editado?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(page.getByText("Lista de arquivos excluída com sucesso!")).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(watcher.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  // The deleted list's files are gone too.
  expect((await page.request.get(photoUrl)).status()).toBe(404);
});

async function choose(page: import("@playwright/test").Page, label: RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("campaign settings: saved on /campaigns-config, reloaded, and shared with the settings page", async ({ page }) => {
  // Other specs change the demo company's settings (the campaigns spec slows its sends): start from the defaults.
  const reset = await page.request.post("/campaign-settings", {
    headers: await pageSessionHeaders(page),
    data: { settings: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] } },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await page.goto("/campaigns-config");
  await expect(page.getByRole("heading", { name: "Configurações das campanhas" })).toBeVisible();
  const random = page.getByRole("combobox", { name: /Intervalo randômico de disparo/ });
  await expect(random).toHaveText("20 segundos");

  await choose(page, /Intervalo randômico de disparo/, "10 segundos");
  await choose(page, /Intervalo maior após/, "5 mensagens");
  await choose(page, /Intervalo de disparo maior/, "30 segundos");
  await page.getByRole("textbox", { name: "Atalho" }).fill("loja");
  await page.getByRole("textbox", { name: "Conteúdo" }).fill("Loja Centro, Rua A 100");
  await page.getByRole("button", { name: "Adicionar variável" }).click();
  await page.getByRole("textbox", { name: "Atalho" }).fill("loja");
  await page.getByRole("textbox", { name: "Conteúdo" }).fill("Outra");
  await page.getByRole("button", { name: "Adicionar variável" }).click();
  await expect(page.getByText("Este atalho já existe")).toBeVisible();
  await expect(page.getByText("Alterações não salvas")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "campaigns-config.png") });
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas")).toBeVisible();

  await page.reload();
  await expect(random).toHaveText("10 segundos");
  await expect(page.getByRole("combobox", { name: /Intervalo maior após/ })).toHaveText("5 mensagens");
  await expect(page.getByRole("combobox", { name: /Intervalo de disparo maior/ })).toHaveText("30 segundos");
  await expect(page.getByRole("cell", { name: "{loja}" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Loja Centro, Rua A 100" })).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByRole("combobox", { name: /Intervalo randômico de disparo/ })).toHaveText("10 segundos");
  await choose(page, /Intervalo randômico de disparo/, "Sem intervalo");
  await expect(page.getByText("Operação atualizada com sucesso.")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "settings-campaign-intervals.png"), fullPage: true });

  await page.goto("/campaigns-config");
  await expect(random).toHaveText("Sem intervalo");
  await expect(page.getByRole("cell", { name: "{loja}" })).toBeVisible();
});
