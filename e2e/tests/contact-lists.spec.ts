import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { DEMO, expect, loginThroughForm, test, unique } from "./support";

/** The demo's simulator connection (seed.ts): the company's default, which checks the numbers. */
const SIMULATOR_ID = 1;
const SCREENSHOTS = join(import.meta.dirname, "../screenshots");

const newNumber = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

/** An .xlsx as a person would make it: a header row, then one contact per row. */
function spreadsheet(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Nome", "Número", "E-mail"], ...rows]), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

test("creates a contact list by uploading a spreadsheet, with the refused rows reported and each number checked", async ({
  page,
  request,
}) => {
  const tag = unique();
  const listName = `Clientes ${tag}`;
  const good = [
    { name: `Ana ${tag}`, number: newNumber(), email: `ana.${tag}@test.dev` },
    { name: `Bruno ${tag}`, number: newNumber(), email: "" },
    { name: `Carla ${tag}`, number: newNumber(), email: `carla.${tag}@test.dev` },
  ];
  // Valid for the list (8 digits), unknown to the simulated network (10 to 15 digits).
  const offNetwork = { name: `Davi ${tag}`, number: "12345678", email: "" };

  // The default connection must be connected to check numbers; another spec may have paired it already.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/contact-lists");
  await expect(page.getByRole("heading", { name: "Listas de contatos" })).toBeVisible();

  await page.getByRole("button", { name: "Nova lista" }).click();
  const create = page.getByRole("dialog", { name: "Nova lista de contatos" });
  await create.getByRole("textbox", { name: /Nome da lista/ }).fill("A");
  await create.getByRole("button", { name: "Criar lista" }).click();
  await expect(create.getByText("Muito curto!")).toBeVisible();
  await create.getByRole("textbox", { name: /Nome da lista/ }).fill(listName);
  await create.getByRole("button", { name: "Criar lista" }).click();

  // A new list opens at once, empty, ready for its spreadsheet.
  await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
  await expect(page.getByRole("heading", { name: listName })).toBeVisible();
  await expect(page.getByText("Esta lista ainda não tem contatos")).toBeVisible();

  await page.getByRole("button", { name: "Importar planilha" }).first().click();
  const upload = page.getByRole("dialog", { name: "Importar planilha" });
  await upload.getByTestId("contact-list-import-input").setInputFiles({
    name: `clientes-${tag}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: spreadsheet([
      [good[0]!.name, Number(good[0]!.number), good[0]!.email],
      ["", newNumber(), ""],
      [good[1]!.name, good[1]!.number, good[1]!.email],
      [`Curto ${tag}`, "1234", ""],
      [offNetwork.name, offNetwork.number, offNetwork.email],
      [good[2]!.name, good[2]!.number, good[2]!.email],
      [`Repetida ${tag}`, good[1]!.number, ""],
    ]),
  });

  await expect(upload.getByText("4 contatos importados de 7 linhas.")).toBeVisible();
  const refused = upload.getByRole("table", { name: "3 linhas não foram importadas" });
  const errors = refused.getByTestId("contact-list-import-error");
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0)).toContainText("Nome obrigatório");
  await expect(errors.nth(1)).toContainText(`Curto ${tag}`);
  await expect(errors.nth(1)).toContainText("Número muito curto");
  await expect(errors.nth(2)).toContainText("O número repete a linha 4");
  await page.screenshot({ path: join(SCREENSHOTS, "contact-lists-import.png") });
  await upload.getByRole("button", { name: "Fechar" }).click();

  // The rows arrive live, and so do the checks through the simulator connection.
  await expect(page.getByText("4 contatos", { exact: true })).toBeVisible();
  for (const contact of good) {
    const row = page.getByRole("row").filter({ hasText: contact.name });
    await expect(row).toContainText(contact.number);
    await expect(row.getByRole("img", { name: "Número válido no WhatsApp" })).toBeVisible();
  }
  const off = page.getByRole("row").filter({ hasText: offNetwork.name });
  await expect(off.getByRole("img", { name: "Número não encontrado no WhatsApp" })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "contact-lists-contacts.png") });

  await page.getByRole("searchbox", { name: "Pesquisar por nome, número ou e-mail" }).fill(`carla.${tag}`);
  await expect(page.getByRole("row").filter({ hasText: good[2]!.name })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: good[0]!.name })).toHaveCount(0);

  await page.getByRole("button", { name: "Voltar para as listas" }).click();
  await expect(page).toHaveURL(/\/contact-lists$/);
  const listRow = page.getByRole("row").filter({ hasText: listName });
  await expect(listRow).toContainText("4");
  await page.screenshot({ path: join(SCREENSHOTS, "contact-lists.png") });

  // The sample spreadsheet is a real .xlsx whose header the upload recognises.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Planilha de exemplo" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("lista-de-contatos-exemplo.xlsx");
  const sample = XLSX.read(readFileSync(await download.path()), { type: "buffer" });
  const rows = XLSX.utils.sheet_to_json<string[]>(sample.Sheets[sample.SheetNames[0]!]!, { header: 1 });
  expect(rows[0]).toEqual(["Nome", "Número", "E-mail"]);
  expect(rows.length).toBeGreaterThan(1);
});
