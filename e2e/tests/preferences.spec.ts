import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

test("language and theme choices survive a reload", async ({ page, request }) => {
  // The language is also saved on the account, so this test uses an account of its own.
  const email = `polyglot-${unique()}@demo.test`;
  const created = await request.post("/users", {
    headers: await apiLogin(request, DEMO.admin),
    data: { name: "Ana Admin", email, password: "secret123", profile: "admin" },
  });
  expect(created.status(), await created.text()).toBe(200);
  await loginThroughForm(page, email, "secret123");
  await expect(page.getByTestId("greeting")).toHaveText("Olá, Ana Admin! Boas-vindas a Demo!");

  await page.getByRole("button", { name: "Idioma" }).click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.getByTestId("greeting")).toHaveText(/Hello, Ana Admin!/);

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await page.getByRole("button", { name: "Toggle light/dark theme" }).click();
  await expect.poll(background).not.toBe(lightBackground);
  const darkBackground = await background();

  await page.reload();
  await expect(page.getByTestId("greeting")).toHaveText(/Hello, Ana Admin!/);
  expect(await background()).toBe(darkBackground);
  expect(
    await page.evaluate(() => [localStorage.getItem("i18nextLng"), localStorage.getItem("preferredTheme")]),
  ).toEqual(["en", "dark"]);
});
