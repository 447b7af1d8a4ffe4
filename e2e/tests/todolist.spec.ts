import { DEMO, expect, loginThroughForm, test } from "./support";

test("the task list keeps tasks in the browser across reloads: add, complete, edit, delete", async ({ page }) => {
  await loginThroughForm(page, DEMO.agent);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/todolist");
  await expect(page.getByText("Nenhuma tarefa por aqui")).toBeVisible();

  const input = page.getByRole("textbox", { name: "Nova tarefa" });
  await input.fill("Retornar ligação da Ana");
  await input.press("Enter");
  await input.fill("Enviar catálogo");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("2 pendente(s) · 0 concluída(s)")).toBeVisible();

  await page.reload();
  await page.getByRole("checkbox", { name: "Concluir Retornar ligação da Ana" }).check();
  await expect(page.getByText("1 pendente(s) · 1 concluída(s)")).toBeVisible();

  await page
    .getByRole("listitem")
    .filter({ hasText: "Enviar catálogo" })
    .getByRole("button", { name: "Editar tarefa" })
    .click();
  const editor = page.getByRole("textbox", { name: "Editar tarefa" });
  await editor.fill("Enviar catálogo novo");
  await editor.press("Enter");
  await expect(page.getByText("Enviar catálogo novo")).toBeVisible();

  await page
    .getByRole("listitem")
    .filter({ hasText: "Enviar catálogo novo" })
    .getByRole("button", { name: "Excluir tarefa" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Tarefa excluída.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Enviar catálogo novo")).toHaveCount(0);
  await expect(page.getByText("Retornar ligação da Ana")).toBeVisible();
});
