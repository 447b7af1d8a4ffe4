import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";

vi.mock("socket.io-client", () => ({ io: vi.fn() }));

// Records which of the linked pages' modules were fetched, keeping the real pages.
const fetched = vi.hoisted(() => new Set<string>());
vi.mock("./ForgetPasswordPage", async (importOriginal) => {
  fetched.add("forgetpsw");
  return importOriginal();
});
vi.mock("./SignupPage", async (importOriginal) => {
  fetched.add("signup");
  return importOriginal();
});

import { App } from "../../app/App";
import i18n from "../../i18n";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("the login page fetches the pages it links to before they are clicked", async () => {
  localStorage.clear();
  await i18n.changeLanguage("pt");
  window.history.pushState({}, "", "/login");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ error: "ERR_INVALID_TOKEN" }), { status: 401 })),
  );
  render(<App />);
  expect(await screen.findByLabelText(/E-mail/)).toBeTruthy();
  expect(window.location.pathname).toBe("/login");
  await waitFor(() => expect([...fetched].sort()).toEqual(["forgetpsw", "signup"]));
});
