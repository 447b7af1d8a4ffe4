import { DEMO, expect, loginThroughForm, test } from "./support";

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
