import { DEMO, expect, loginThroughForm, test, unique } from "./support";

test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
});

test("tags: validation, palette colour and kanban flag, then delete", async ({ page }) => {
  const name = `Tag ${unique()}`;
  await page.goto("/tags");
  await page.getByRole("button", { name: "Nova tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar tag" });
  await dialog.getByRole("textbox", { name: /Nome/ }).fill("ab");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Mensagem muito curta")).toBeVisible();
  await dialog.getByRole("textbox", { name: /Nome/ }).fill(name);
  await dialog.getByRole("radio", { name: "#E91E63" }).click();
  await expect(dialog.getByRole("textbox", { name: /Cor/ })).toHaveValue("#E91E63");
  await dialog.getByRole("switch", { name: "Mostrar como coluna no Kanban" }).check();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByLabel("Coluna no Kanban")).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  await row.getByRole("button", { name: "Excluir tag" }).click();
  await page
    .getByRole("dialog", { name: `Excluir a tag ${name}?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(row).toHaveCount(0);
});

test("queues: create, then build a numbered option tree where a delete renumbers the siblings", async ({ page }) => {
  const name = `Fila ${unique()}`;
  await page.goto("/queues");
  await page.getByRole("button", { name: "Adicionar fila" }).click();
  let dialog = page.getByRole("dialog", { name: "Adicionar fila" });
  // The demo company does not schedule by queue: no attendance-hours tab.
  await expect(dialog.getByRole("tab", { name: "Horários de atendimento" })).toHaveCount(0);
  await dialog.getByRole("textbox", { name: /^Nome/ }).fill(name);
  await dialog.getByRole("textbox", { name: /^Cor/ }).fill("#123456");
  await dialog.getByRole("textbox", { name: /Mensagem de saudação/ }).fill("Olá!");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("img", { name: "#123456" })).toBeVisible();

  await row.getByRole("button", { name: "Editar fila" }).click();
  dialog = page.getByRole("dialog", { name: "Editar fila" });
  await dialog.getByRole("tab", { name: "Opções do chatbot" }).click();
  const addOption = async (title: string, under?: string) => {
    if (under) {
      await dialog
        .getByRole("treeitem", { name: under })
        .getByRole("button", { name: "Adicionar subopção" })
        .first()
        .click();
    } else await dialog.getByRole("button", { name: "Adicionar opção" }).click();
    const optionDialog = page.getByRole("dialog", { name: "Nova opção" });
    await optionDialog.getByRole("textbox", { name: /Título/ }).fill(title);
    await optionDialog.getByRole("button", { name: "Salvar" }).click();
    await expect(optionDialog).toHaveCount(0);
  };
  await addOption("Vendas");
  await addOption("Suporte");
  await addOption("Planos", "Vendas");
  await expect(dialog.getByRole("treeitem", { name: "Planos" })).toContainText("1.1");
  await expect(dialog.getByRole("treeitem", { name: "Suporte" })).toContainText("2");

  await dialog.getByRole("treeitem", { name: "Vendas" }).getByRole("button", { name: "Excluir opção" }).first().click();
  await page.getByRole("dialog", { name: "Excluir a opção Vendas?" }).getByRole("button", { name: "Excluir" }).click();
  await expect(dialog.getByRole("treeitem", { name: "Vendas" })).toHaveCount(0);
  await expect(dialog.getByRole("treeitem", { name: "Suporte" })).toContainText("1");
  // Saving options never saved nor closed the queue dialog around them.
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // Leave the shared demo company as it was.
  await row.getByRole("button", { name: "Excluir fila" }).click();
  await page
    .getByRole("dialog", { name: `Excluir a fila ${name}?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(row).toHaveCount(0);
});

test("quick messages: create with an attached file, then delete", async ({ page }) => {
  const shortcode = `oi${unique()}`;
  await page.goto("/quick-messages");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar resposta rápida" });
  await dialog.getByRole("textbox", { name: /Atalho/ }).fill(shortcode);
  await dialog.getByRole("textbox", { name: /Mensagem/ }).fill("Olá, tudo bem?");
  await dialog.getByTestId("quick-message-file").setInputFiles({
    name: "nota.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(dialog.getByText("nota.txt")).toBeVisible();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();

  const row = page.getByRole("row").filter({ hasText: `/${shortcode}` });
  await expect(row.getByRole("link", { name: "nota.txt" })).toBeVisible();
  await row.getByRole("button", { name: "Excluir resposta rápida" }).click();
  await page
    .getByRole("dialog", { name: `Excluir a resposta /${shortcode}?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(row).toHaveCount(0);
});
