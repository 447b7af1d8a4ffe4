import { DEMO, expect, loginThroughForm, test, typeDate } from "./support";

test.use({ viewport: { width: 1366, height: 800 } });

test("after shrinking from 1366 px to 390 px the menu button and the menu entries still work", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  // Wide screens start with the menu open: the entry's label is shown.
  await expect(menu.getByText("Contatos", { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  // The temporary drawer is closed: no entry of it can be seen.
  await expect(menu.getByTestId("menu-contacts")).not.toBeInViewport();
  await page.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
  await menu.getByTestId("menu-contacts").click();
  await expect(page).toHaveURL(/\/contacts$/);
  // Choosing an entry closes the temporary drawer, and the page beneath takes clicks again.
  await expect(menu.getByTestId("menu-contacts")).not.toBeInViewport();
  await page.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
  await menu.getByTestId("menu-tags").click();
  await expect(page).toHaveURL(/\/tags$/);
});

test("at 390 px in English, date fields still read and type dd/MM/yyyy", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  // English chosen on this browser: native date inputs would show mm/dd/yyyy here.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
  await page.goto("/");
  const start = page.getByRole("group", { name: "Start date" }).first();
  await expect(start.getByRole("spinbutton", { name: "Day" })).toBeVisible();
  await typeDate(start, "05/03/2026");
  await expect(start.getByRole("spinbutton", { name: "Day" })).toHaveText("05");
  await expect(start.getByRole("spinbutton", { name: "Month" })).toHaveText("03");
  // The picker's calendar opens in English, on the typed month.
  await start.getByRole("button", { name: /^Choose date/ }).click();
  await expect(page.getByRole("dialog").getByText("March 2026")).toBeVisible();
});

test("the list pages' search placeholders show whole at 1366 px in pt, en and es", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  for (const language of ["pt", "en", "es"]) {
    await page.evaluate((chosen) => localStorage.setItem("i18nextLng", chosen), language);
    for (const path of ["/contacts", "/users", "/quick-messages"]) {
      await page.goto(path);
      const search = page.getByRole("searchbox");
      await expect(search).toBeVisible();
      // The placeholder's width in the input's own font, against the room the input gives its text.
      const { placeholder, needed, room } = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
        return {
          placeholder: input.placeholder,
          needed: context.measureText(input.placeholder).width,
          room: input.clientWidth - padding,
        };
      });
      expect(needed, `${language} ${path}: "${placeholder}" fits`).toBeLessThanOrEqual(room);
    }
  }
});

test("a browser without a session opens the public pages without a failed refresh (no 401 on the console)", async ({
  page,
}) => {
  const failures: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(message.text());
  });
  const refreshes: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/auth/refresh_token")) refreshes.push(response.status());
  });
  for (const path of ["/login", "/signup", "/forgetpsw"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  expect(refreshes).toEqual([]);
  expect(failures.filter((text) => /401|Unauthorized/.test(text))).toEqual([]);

  // Signed in, a reload still restores the session from the cookie.
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.reload();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("greeting")).toBeVisible();
  expect(refreshes).toEqual([200]);
});
