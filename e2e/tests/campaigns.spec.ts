import { join } from "node:path";
import { apiLogin, DEMO, expect, loginThroughForm, test, typeDate, unique } from "./support";

/** The demo's simulator connection (seed.ts). */
const SIMULATOR_ID = 1;
const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
/** A 2x2 red PNG. */
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==";

// 13 digits: a number the simulated network knows.
const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const pad = (value: number) => String(value).padStart(2, "0");
/** This minute as the date field shows it (dd/MM/yyyy HH:mm): a start already due. */
const thisMinute = (date = new Date()) =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

test("a campaign with media, created in the dialog and started, reaches 100 % on its report live", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const headers = await apiLogin(request, DEMO.admin);
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  // Five seconds between the two messages: the report is seen on its way, then complete.
  const settings = await request.post("/campaign-settings", {
    headers,
    data: { settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 } },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const connection = await request.get(`/whatsapp/${SIMULATOR_ID}`, { headers });
  const connectionName = ((await connection.json()) as { name: string }).name;

  const listName = `Campanha ${tag}`;
  const created = await request.post("/contact-lists", { headers, data: { name: listName } });
  expect(created.status(), await created.text()).toBe(200);
  const contactListId = ((await created.json()) as { id: number }).id;
  const recipients = [
    { name: `Ana ${tag}`, number: newNumber() },
    { name: `Bruno ${tag}`, number: newNumber() },
  ];
  for (const recipient of recipients) {
    const item = await request.post("/contact-list-items", { headers, data: { ...recipient, contactListId } });
    expect(item.status(), await item.text()).toBe(200);
  }

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Campanhas" })).toBeVisible();

  await page.getByRole("button", { name: "Nova campanha" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova campanha" });
  const name = `Promo ${tag}`;
  await dialog.getByRole("textbox", { name: /Nome/ }).fill("P");
  await dialog.getByRole("button", { name: "Criar campanha" }).click();
  await expect(dialog.getByText("Muito curto!")).toBeVisible();
  await dialog.getByRole("textbox", { name: /Nome/ }).fill(name);
  await dialog.getByRole("textbox", { name: "Mensagem 1" }).fill("Olá");
  await dialog.getByRole("button", { name: "{{firstName}}" }).click();
  await expect(dialog.getByRole("textbox", { name: "Mensagem 1" })).toHaveValue("Olá {{firstName}}");
  await dialog.getByRole("tab", { name: "Msg. 2" }).click();
  await dialog.getByRole("textbox", { name: "Mensagem 2" }).fill("Oi {{name}}, temos novidades");
  await dialog.getByRole("combobox", { name: "Conexão" }).click();
  await page.getByRole("option", { name: connectionName }).click();
  await dialog.getByRole("combobox", { name: "Lista de contatos" }).click();
  await page.getByRole("option", { name: listName }).click();
  await dialog.getByTestId("campaign-media-input").setInputFiles({
    name: "promo.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_BASE64, "base64"),
  });
  await expect(dialog.getByTestId("campaign-media-name")).toContainText("promo.png");
  await typeDate(dialog.getByRole("group", { name: "Agendamento" }), thisMinute());
  await page.screenshot({ path: join(SCREENSHOTS, "campaigns-dialog.png") });
  await dialog.getByRole("button", { name: "Criar campanha" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Campanha salva com sucesso!")).toBeVisible();

  // The list follows the campaign's start live.
  const row = page.getByTestId("campaign-row").filter({ hasText: name });
  await expect(row.getByTestId("campaign-status")).toHaveAttribute("data-status", /EM_ANDAMENTO|FINALIZADA/);
  await expect(row).toContainText(listName);
  await expect(row).toContainText(connectionName);
  await page.screenshot({ path: join(SCREENSHOTS, "campaigns-list.png") });

  await row.getByRole("button", { name: "Relatório" }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  await expect(page.getByRole("heading", { name: `Relatório: ${name}` })).toBeVisible();
  await expect(page.getByTestId("campaign-count-valid")).toHaveText("2");

  // No reload: the events move the counts and the recipients' delivery times.
  await expect(page.getByTestId("campaign-progress")).toHaveText("100%", { timeout: 30_000 });
  await expect(page.getByTestId("campaign-count-delivered")).toHaveText("2");
  await expect(page.getByTestId("campaign-report-status")).toHaveAttribute("data-status", "FINALIZADA");
  const delivered = page.getByTestId("campaign-shipping-delivered");
  await expect(delivered).toHaveCount(2);
  for (const index of [0, 1]) await expect(delivered.nth(index)).toHaveText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await page.screenshot({ path: join(SCREENSHOTS, "campaigns-report.png") });

  // Each recipient got the media and one of the variants, its names filled in; both variants went out.
  const variants: string[] = [];
  for (const recipient of recipients) {
    const outbound = await request.get("/simulator/outbound", {
      params: { whatsappId: SIMULATOR_ID, to: recipient.number },
    });
    const items = (await outbound.json()) as { body: string; mediaType: string | null }[];
    expect(
      items.some((item) => item.mediaType === "image"),
      JSON.stringify(items),
    ).toBe(true);
    const firstName = recipient.name.split(" ")[0];
    const text = items.map((item) => item.body).join("\n");
    if (text.includes(`Olá ${firstName}`)) variants.push("message1");
    if (text.includes(`Oi ${recipient.name}, temos novidades`)) variants.push("message2");
  }
  expect(variants.sort()).toEqual(["message1", "message2"]);
});
