import { apiLogin, DEMO, expect, loginThroughForm, readResetCode, test, unique } from "./support";

test("a user resets the password with the code from the captured email", async ({ page, request }) => {
  // A user of our own, so the demo logins stay as they are.
  const headers = await apiLogin(request, DEMO.admin);
  const email = `forgetful-${unique()}@demo.test`;
  const created = await request.post("/users", {
    headers,
    data: { name: "Forgetful", email, password: "oldpass1", profile: "user" },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page).toHaveURL(/\/forgetpsw/);
  // The address changes before the page's chunk has loaded, while the login form (which has an
  // E-mail field too) is still drawn: type once the reset page is there.
  await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar e-mail" }).click();
  await expect(page.getByText("E-mail enviado com sucesso!")).toBeVisible();

  const code = await readResetCode(email);
  await page.getByRole("textbox", { name: "Código de verificação", exact: true }).fill(code);
  await page.getByRole("textbox", { name: "Nova senha", exact: true }).fill("NewSecret9");
  await page.getByRole("textbox", { name: "Confirme a nova senha", exact: true }).fill("NewSecret9");
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("Senha atualizada com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await loginThroughForm(page, email, "NewSecret9");
  await expect(page).toHaveURL(/\/tickets$/);
});
