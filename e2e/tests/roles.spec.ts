import { DEMO, expect, loginThroughForm, test } from "./support";

test("an attendant does not see the Administration group", async ({ page }) => {
  await loginThroughForm(page, DEMO.agent);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("greeting")).toContainText("Bruno Atendente");
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByTestId("menu-tickets")).toBeVisible();
  await expect(menu.getByRole("list", { name: "Administração" })).toHaveCount(0);
  await expect(menu.getByTestId("menu-users")).toHaveCount(0);
  // Attendants have no due date in the greeting, and the dashboard sends them back to tickets.
  await expect(page.getByTestId("due-date")).toHaveCount(0);
  await page.goto("/");
  await expect(page).toHaveURL(/\/tickets$/);
});

test("the demo admin sees the Administration group and the users page", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("list", { name: "Administração" })).toBeVisible();
  await menu.getByTestId("menu-users").click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("cell", { name: DEMO.agent })).toBeVisible();
});
