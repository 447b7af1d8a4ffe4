import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSessionHint, setSessionHint } from "../api/testing";

vi.mock("socket.io-client", () => {
  const socket = {
    on: vi.fn(),
    off: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    io: { on: vi.fn(), off: vi.fn(), opts: {} },
  };
  return { io: vi.fn(() => socket) };
});

import "../i18n";
import i18n from "../i18n";
import { App } from "./App";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const admin = {
  id: 7,
  name: "Ana",
  email: "ana@example.com",
  profile: "admin",
  super: false,
  companyId: 3,
  allTicket: "desabled",
  whatsappId: null,
  language: null,
  queues: [],
  company: { id: 3, name: "Acme", dueDate: "2030-06-15T12:00:00.000Z", settings: [] },
};

const plan = {
  id: 1,
  name: "Pro",
  users: 5,
  connections: 2,
  queues: 3,
  value: 99,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: true,
};

function backend(routes: Record<string, () => Response>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const handler = routes[path];
    return handler ? handler() : json(404, { error: "ERR_NOT_FOUND" });
  });
}

describe("App shell", () => {
  beforeEach(async () => {
    localStorage.clear();
    // As a login leaves it; the anonymous visitor's test takes it away.
    setSessionHint();
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the login page to an anonymous visitor of a private route", async () => {
    window.history.pushState({}, "", "/tickets");
    clearSessionHint();
    vi.stubGlobal("fetch", backend({ "/auth/refresh_token": () => json(401, { error: "ERR_INVALID_TOKEN" }) }));
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Entrar" })).toBeTruthy();
    expect(screen.getByLabelText(/E-mail/)).toBeTruthy();
    expect(screen.getByText(/Versão 8\.0\.1/)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
  });

  it("restores the session and renders the layout, menu and help videos", async () => {
    window.history.pushState({}, "", "/helps");
    vi.stubGlobal(
      "fetch",
      backend({
        "/auth/refresh_token": () => json(200, { token: "t", user: admin, daysUntilDue: 30 }),
        "/companies/listPlan/3": () => json(200, plan),
        "/helps/list": () =>
          json(200, [{ id: 1, title: "Primeiros passos", video: "abc123", description: "Como começar" }]),
      }),
    );
    render(<App />);
    expect(await screen.findByText("Olá, Ana! Boas-vindas a Acme!")).toBeTruthy();
    expect(screen.getByText("Ativo até 15/06/2030")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Assistir: Primeiros passos" })).toBeTruthy();
    // Plan flags: kanban and integrations shown, API and prompts hidden; admin group present.
    expect(await screen.findByRole("link", { name: "Kanban" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Integrações" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "API" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Open.Ai" })).toBeNull();
    expect(screen.getByRole("link", { name: "Usuários" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Conta" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Idioma" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Alternar tema claro/escuro" })).toBeTruthy();
    expect(localStorage.getItem("token")).toBe("t");
  });

  it("sends a non-admin from the dashboard to the tickets", async () => {
    window.history.pushState({}, "", "/");
    vi.stubGlobal(
      "fetch",
      backend({
        "/auth/refresh_token": () => json(200, { token: "t", user: { ...admin, profile: "user" }, daysUntilDue: null }),
        "/companies/listPlan/3": () => json(200, plan),
      }),
    );
    render(<App />);
    expect(
      await screen.findByText("Selecione um atendimento para começar a conversar.", {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/tickets"));
    expect(screen.queryByText("Ativo até 15/06/2030")).toBeNull();
    expect(screen.queryByRole("link", { name: "Usuários" })).toBeNull();
  });
});

describe("login", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("explains an expired subscription and stays on the login page", async () => {
    const { fireEvent } = await import("@testing-library/react");
    localStorage.clear();
    await i18n.changeLanguage("pt");
    window.history.pushState({}, "", "/login");
    const fetchMock = backend({
      "/auth/refresh_token": () => json(401, { error: "ERR_INVALID_TOKEN" }),
      "/auth/login": () =>
        json(402, { error: "ERR_SUBSCRIPTION_EXPIRED", data: { dueDate: "2024-03-09T12:00:00.000Z" } }),
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<App />);
    fireEvent.input(await screen.findByLabelText(/E-mail/), { target: { value: "ana@example.com" } });
    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
    expect(
      await screen.findByText(
        "Opss! Sua assinatura venceu em 09/03/2024. Entre em contato com o Suporte para mais informações!",
      ),
    ).toBeTruthy();
    const loginCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/auth/login"));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ email: "ana@example.com", password: "secret" });
    expect(window.location.pathname).toBe("/login");
  });
});

describe("login success", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("stores the session, warns about a close due date and goes to /tickets", async () => {
    const { fireEvent } = await import("@testing-library/react");
    localStorage.clear();
    await i18n.changeLanguage("pt");
    window.history.pushState({}, "", "/login");
    vi.stubGlobal(
      "fetch",
      backend({
        "/auth/refresh_token": () => json(401, { error: "ERR_INVALID_TOKEN" }),
        "/auth/login": () =>
          json(200, {
            token: "fresh",
            user: { ...admin, company: { ...admin.company, settings: [{ key: "campaignsEnabled", value: "true" }] } },
            daysUntilDue: 2,
          }),
        "/companies/listPlan/3": () => json(200, plan),
      }),
    );
    render(<App />);
    fireEvent.input(await screen.findByLabelText(/E-mail/), { target: { value: "ana@example.com" } });
    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByText("Sua assinatura vence em 2 dias.")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/tickets"));
    expect(localStorage.getItem("token")).toBe("fresh");
    expect(localStorage.getItem("companyId")).toBe("3");
    expect(localStorage.getItem("userId")).toBe("7");
    expect(localStorage.getItem("cshow")).toBe("true");
    // cshow and the campaigns flag open the campaign group for admins.
    expect(await screen.findByRole("button", { name: "Campanhas" })).toBeTruthy();
  });
});
