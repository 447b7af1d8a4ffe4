import { DEMO, expect, loginThroughForm, test } from "./support";

/**
 * Every page of the client, opened by the roles that use it, under the server's
 * Content-Security-Policy: the auto fixture in support.ts fails the test on any
 * violation Chromium reports.
 */
const ADMIN_PAGES = [
  "/",
  "/tickets",
  "/connections",
  "/simulator",
  "/quick-messages",
  "/todolist",
  "/schedules",
  "/tags",
  "/contacts",
  "/helps",
  "/users",
  "/files",
  "/prompts",
  "/queue-integration",
  "/messages-api",
  "/settings",
  "/kanban",
  "/financeiro",
  "/queues",
  "/subscription",
  "/chats",
  "/contact-lists",
  "/campaigns",
  "/campaigns-config",
  "/phrase-lists",
  "/flowbuilders",
  "/flowbuilder",
];
const SUPER_PAGES = ["/settings", "/announcements", "/helps", "/financeiro"];
const PUBLIC_PAGES = ["/login", "/signup", "/forgetpsw"];

async function visitAll(page: import("@playwright/test").Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    // The realtime channel long-polls, so the network never goes idle: wait for the page to render.
    await expect(page.locator("#root")).not.toBeEmpty();
    await page.waitForTimeout(300);
  }
}

test("the public pages load under the policy", async ({ page }) => {
  await visitAll(page, PUBLIC_PAGES);
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible();
});

test("every admin page loads under the policy", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await visitAll(page, ADMIN_PAGES);
});

test("the super admin's pages load under the policy", async ({ page }) => {
  await loginThroughForm(page, DEMO.super);
  await expect(page).not.toHaveURL(/\/login/);
  await visitAll(page, SUPER_PAGES);
});

test("the API documentation loads under its own policy", async ({ page }) => {
  const response = await page.goto("/docs");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByText("Atendo API").first()).toBeVisible();
});
