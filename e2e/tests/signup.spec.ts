import { expect, loginThroughForm, test, unique } from "./support";

test("a visitor signs up a company, logs in and sees the greeting and the menu", async ({ page }) => {
  const email = `owner-${unique()}@acme.test`;
  const company = `Acme ${unique()}`;
  await page.goto("/signup");
  await page.getByRole("textbox", { name: "Nome da empresa", exact: true }).fill(company);
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Telefone com DDD", exact: true }).fill("11987654321");
  await expect(page.getByRole("textbox", { name: "Telefone com DDD", exact: true })).toHaveValue("(11) 98765-4321");
  await page.getByRole("combobox", { name: "Plano" }).click();
  await page.getByRole("option", { name: /Demo/ }).click();
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Cadastrar" }).click();

  await expect(page.getByText("Empresa cadastrada com sucesso! Faça seu login.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughForm(page, email, "secret123");
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("greeting")).toHaveText(`Olá, ${company}! Boas-vindas a ${company}!`);
  // The new company's admin sees its 3-day trial end and the Administration group.
  await expect(page.getByTestId("due-date")).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("list", { name: "Administração" })).toBeVisible();
  await expect(menu.getByTestId("menu-users")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("signup-home.png") });
});
