import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("socket.io-client", () => ({ io: vi.fn() }));

import { App } from "../../app/App";
import i18n from "../../i18n";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("login", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("validates with the lazily loaded schema and posts the normalized e-mail", async () => {
    localStorage.clear();
    await i18n.changeLanguage("pt");
    window.history.pushState({}, "", "/login");
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/auth/login") return json(401, { error: "ERR_INVALID_CREDENTIALS" });
      return json(401, { error: "ERR_INVALID_TOKEN" });
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<App />);

    const email = await screen.findByLabelText(/E-mail/);
    fireEvent.input(email, { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByText("E-mail inválido")).toBeTruthy();
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith("/auth/login"))).toBe(false);

    fireEvent.input(email, { target: { value: "  Agent@Atendo.dev " } });
    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: "Atendo#2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith("/auth/login"))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/auth/login"));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "agent@atendo.dev", password: "Atendo#2026" });
  });
});
