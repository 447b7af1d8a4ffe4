import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { mailDir } from "../playwright.config";

export { expect };

/**
 * Every spec's browser context is watched for Content-Security-Policy violations
 * (Chromium reports each one on the console): the policy the server sends must be
 * one the built client fully works under.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO = {
  super: "super@atendo.dev",
  admin: "admin@atendo.dev",
  agent: "agent@atendo.dev",
  password: "Atendo#2026",
};

export async function loginThroughForm(page: Page, email: string, password = DEMO.password) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** An API session for test setup through the product's own routes. */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO.password) {
  const response = await request.post("/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${body.token}`, Accept: "application/json" };
}

/**
 * API headers for the user already signed in on the page, taken from the page's own session.
 * A second login as that user would tell the page it was replaced, and the page then reloads
 * (document 1, "another login"), which races any navigation the test makes next.
 */
export async function pageSessionHeaders(page: Page) {
  const stored = () => page.evaluate(() => localStorage.getItem("token"));
  await expect.poll(stored, { message: "the page holds a session" }).toBeTruthy();
  const token = await stored();
  return { Authorization: `Bearer ${token}`, Accept: "application/json" };
}

/** Waits for the newest mail to an address and answers its 6-digit code. */
export async function readResetCode(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(mailDir).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(mailDir, file), "utf8")) as { to: string; raw: string };
      const code = /: (\d{6})/.exec(mail.raw)?.[1];
      if (mail.to === email && code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset mail reached ${email}`);
}

export const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * The app's date fields (a role="group" named by its label, one spinbutton per section): types a
 * dd/MM/yyyy or dd/MM/yyyy HH:mm text as a user does, clearing first and then digit by digit.
 * The field may still be settling (the picker loads in its own chunk, a page sets its default
 * value after its first render): typing waits until the field holds a whole value, and is done
 * once more when the typed value did not take, so a value written over it under load does not fail
 * the test. The value is still asserted.
 */
export async function typeDate(field: Locator, text: string) {
  const input = field.locator("input");
  // A default value (or an empty field) that stays the same for a moment: the field is done loading.
  await expect(input).toHaveValue(/^(\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2})?)?$/);
  await expect
    .poll(async () => {
      const before = await input.inputValue();
      await field.page().waitForTimeout(150);
      return before === (await input.inputValue());
    })
    .toBe(true);
  for (let attempt = 1; ; attempt++) {
    await typeDigits(field, text);
    try {
      await expect(input).toHaveValue(text, { timeout: attempt === 1 ? 3_000 : 10_000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

async function typeDigits(field: Locator, text: string) {
  const keyboard = field.page().keyboard;
  await field.getByRole("spinbutton").first().click();
  await keyboard.press("ControlOrMeta+A");
  await keyboard.press("Backspace");
  await keyboard.type(text.replace(/\D/g, ""));
}

/** What a date field shows, as a Date (dd/MM/yyyy HH:mm, local time). */
export async function dateFieldValue(field: Locator): Promise<Date> {
  const [day, month, year, hours = 0, minutes = 0] = (await field.locator("input").inputValue())
    .split(/[/ :]/)
    .map(Number);
  return new Date(year!, month! - 1, day, hours, minutes);
}
