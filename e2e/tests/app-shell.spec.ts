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
