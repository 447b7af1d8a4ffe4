import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { DEMO, expect, loginThroughForm, test, unique } from "./support";

const newNumber = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

/** An .xlsx file as a person would make it: a header row, then one contact per row. */
function spreadsheet(rows: (string | number)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Nome", "Número", "E-mail"], ...rows]), "Contatos");
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

test("imports contacts from an .xlsx with a per-row error, then exports them to contatos.csv", async ({ page }) => {
  const tag = unique();
  const good = [
    { name: `Import Ana ${tag}`, number: newNumber(), email: `ana.${tag}@test.dev` },
    { name: `Import Bruno ${tag}`, number: newNumber(), email: "" },
    { name: `Import Carla ${tag}`, number: newNumber(), email: `carla.${tag}@test.dev` },
  ];
  const bad = { name: `Import Bad ${tag}`, number: "123", email: "" };

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Importar contatos" });
  await dialog.getByTestId("contact-import-input").setInputFiles({
    name: `contatos-${tag}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: spreadsheet([
      [good[0]!.name, Number(good[0]!.number), good[0]!.email],
      [bad.name, bad.number, bad.email],
      [good[1]!.name, good[1]!.number, good[1]!.email],
      [good[2]!.name, good[2]!.number, good[2]!.email],
    ]),
  });

  await expect(dialog.getByText("3 contatos importados.")).toBeVisible();
  await expect(dialog.getByText("1 linha não foi importada:")).toBeVisible();
  const errors = dialog.getByTestId("contact-import-error");
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText(`Linha 3: ${bad.name} 123`);
  await expect(errors).toContainText("Número: Muito curto!");
  await dialog.getByRole("button", { name: "Fechar" }).click();

  // The list reloads with the imported rows.
  await page.getByRole("searchbox", { name: "Pesquisar por nome, número ou e-mail" }).fill(tag);
  for (const contact of good) await expect(page.getByRole("cell", { name: contact.name })).toBeVisible();
  await expect(page.getByRole("cell", { name: bad.name })).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("contatos.csv");
  const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.split(/\r\n/);
  expect(lines[0]).toBe("name;number;email");
  for (const contact of good) expect(lines).toContain(`${contact.name};${contact.number};${contact.email}`);
  expect(csv).not.toContain(bad.name);
});

test("adds a contact, refuses its number twice, and opens a conversation from the list", async ({ page }) => {
  const tag = unique();
  const number = newNumber();
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/contacts");

  const addContact = async (name: string) => {
    await page.getByRole("button", { name: "Adicionar contato" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar contato" });
    await dialog.getByRole("textbox", { name: /^Nome\s*\*?$/ }).fill(name);
    await dialog.getByRole("textbox", { name: /Número do WhatsApp/ }).fill(number);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    return dialog;
  };
  await expect(await addContact(`Conversa ${tag}`)).toHaveCount(0);
  const duplicate = await addContact(`Duplicate ${tag}`);
  await expect(duplicate.getByRole("alert")).toContainText("Já existe um contato com este número.");
  await duplicate.getByRole("button", { name: "Cancelar" }).click();

  const startConversation = async () => {
    await page.getByRole("searchbox").fill(tag);
    await page
      .getByRole("row")
      .filter({ hasText: `Conversa ${tag}` })
      .getByRole("button", { name: "Iniciar conversa" })
      .click();
    // The demo admin works in two queues: the ticket's queue is asked first.
    await page
      .getByRole("dialog", { name: "Escolha a fila do atendimento" })
      .getByRole("button", { name: "Atendimento" })
      .click();
  };
  await startConversation();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketUrl = page.url();

  // The contact's open ticket is the caller's own: the page goes there instead of failing.
  await page.goto("/contacts");
  await startConversation();
  await expect(page).toHaveURL(ticketUrl);
});
