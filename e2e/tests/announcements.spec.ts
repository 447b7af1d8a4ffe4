import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/** A 1x1 png. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an announcement the super user creates on the page appears live in a company user's popover", async ({
  browser,
  request,
}) => {
  const title = `Manutenção ${unique()}`;
  const agentHeaders = await apiLogin(request, DEMO.agent);
  const before = await request.get("/announcements/", { headers: agentHeaders, params: { active: "true" } });
  const activeBefore = ((await before.json()) as { count: number }).count;

  // The company user: the page is not theirs (toast and redirect), the top bar is.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await loginThroughForm(userPage, DEMO.agent);
  await expect(userPage).toHaveURL(/\/tickets$/);
  await userPage.goto("/announcements");
  await expect(userPage.getByText("Esta página é exclusiva para super administradores")).toBeVisible();
  await expect(userPage).toHaveURL(/\/tickets$/);
  const badge = userPage.getByTestId("announcements-badge").locator(".MuiBadge-badge");
  if (activeBefore > 0) await expect(badge).toHaveText(String(activeBefore));

  // The super user writes it through the page, with an image.
  const superContext = await browser.newContext();
  const superPage = await superContext.newPage();
  await loginThroughForm(superPage, DEMO.super);
  await expect(superPage).not.toHaveURL(/\/login$/);
  await superPage.goto("/announcements");
  await expect(superPage.getByRole("heading", { name: "Informativos", level: 1 })).toBeVisible();
  await superPage.getByRole("button", { name: "Adicionar informativo" }).click();
  const dialog = superPage.getByRole("dialog", { name: "Novo informativo" });
  await dialog.getByRole("textbox", { name: "Título" }).fill(title);
  await dialog.getByRole("textbox", { name: "Texto" }).fill("O sistema fica fora do ar domingo às 2h.");
  await dialog.getByRole("combobox", { name: "Prioridade" }).click();
  await superPage.getByRole("option", { name: "Alta" }).click();
  await dialog
    .getByTestId("announcement-file")
    .setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(dialog.getByText("aviso.png")).toBeVisible();
  await dialog.getByRole("button", { name: "Adicionar informativo" }).click();
  await expect(superPage.getByText("Informativo salvo com sucesso!")).toBeVisible();
  const row = superPage.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Alta");
  await expect(row).toContainText("aviso.png");

  // Live in the company user's top bar, without a reload.
  await expect(badge).toHaveText(String(activeBefore + 1));
  await userPage.getByTestId("announcements-button").click();
  const item = userPage.getByTestId("announcement-item").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText("O sistema fica fora do ar domingo às 2h.");
  await expect(item.getByRole("img")).toBeVisible();
  // Highest priority first.
  await expect(userPage.getByTestId("announcement-item").first()).toContainText("Alta");

  // Deleting it (after confirmation) takes it out of the popover too.
  await row.getByRole("button", { name: `Excluir ${title}` }).click();
  await superPage.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(superPage.getByText("Informativo excluído com sucesso!")).toBeVisible();
  await expect(item).toHaveCount(0);

  await userContext.close();
  await superContext.close();
});
