import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionHint } from "../../api/testing";

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

import i18n from "../../i18n";
import { App } from "../App";
import { DRAWER_START_SETTING } from "./drawerStart";

/** happy-dom's own window API: the media queries follow the viewport it sets. */
const setViewport = (width: number, height: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height });

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
  company: { id: 3, name: "Acme", dueDate: "2030-06-15T12:00:00.000Z", settings: [] as object[] },
};

const plan = {
  id: 1,
  name: "Pro",
  users: 5,
  connections: 2,
  queues: 3,
  value: 99,
  useCampaigns: false,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
};

/** Signs `user` in through the refresh cookie and opens the help page (a page with no other calls). */
function renderSignedIn(user: typeof admin) {
  window.history.pushState({}, "", "/helps");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/auth/refresh_token") return json(200, { token: "t", user, daysUntilDue: 30 });
      if (path === "/companies/listPlan/3") return json(200, plan);
      if (path === "/helps/list") return json(200, []);
      return json(404, { error: "ERR_NOT_FOUND" });
    }),
  );
  render(<App />);
}

const withSettings = (settings: object[]) => ({ ...admin, company: { ...admin.company, settings } });

// The whole app renders in each test, and the first one also loads it: slow on a busy machine.
describe("app shell", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    // As a login leaves it; the anonymous visitor's test takes it away.
    setSessionHint();
    setViewport(1366, 800);
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names the icon buttons in the language chosen from the language menu", async () => {
    renderSignedIn(admin);
    const names = {
      pt: ["Abrir ou fechar o menu", "Idioma", "Alternar tema claro/escuro", "Conta", "Fechar o menu"],
      en: ["Open or close the menu", "Language", "Toggle light/dark theme", "Account", "Close the menu"],
      es: ["Abrir o cerrar el menú", "Idioma", "Cambiar tema claro/oscuro", "Cuenta", "Cerrar el menú"],
    };
    const expectNames = async (list: string[], navigation: string) => {
      // A language's translations are fetched when first chosen.
      for (const name of list) expect(await screen.findByRole("button", { name }, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole("navigation", { name: navigation })).toBeTruthy();
    };
    await expectNames(names.pt, "Menu principal");

    fireEvent.click(screen.getByRole("button", { name: "Idioma" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "English" }));
    await expectNames(names.en, "Main menu");
    expect(screen.queryByRole("button", { name: "Abrir ou fechar o menu" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Language" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Español" }));
    await expectNames(names.es, "Menú principal");
  });

  it("shows a future due date as 'Ativo até' and a past one as overdue", async () => {
    renderSignedIn(admin);
    const chip = await screen.findByTestId("due-date");
    expect(chip.textContent).toBe("Ativo até 15/06/2030");
    expect(chip.getAttribute("data-overdue")).toBeNull();
    cleanup();

    renderSignedIn({ ...admin, company: { ...admin.company, dueDate: "2024-03-09T12:00:00.000Z" } });
    const overdue = await screen.findByTestId("due-date");
    expect(overdue.textContent).toBe("Vencido em 09/03/2024");
    expect(overdue.getAttribute("data-overdue")).toBe("true");
    expect(overdue.className).toContain("MuiChip-colorError");
    fireEvent.mouseOver(overdue);
    expect(await screen.findByRole("tooltip")).toHaveProperty(
      "textContent",
      "A data de vencimento da assinatura já passou.",
    );
  });

  it("starts the menu open on wide screens unless the company setting says closed", async () => {
    renderSignedIn(withSettings([{ key: DRAWER_START_SETTING, value: "enabled" }]));
    expect(await screen.findByRole("button", { name: "Fechar o menu" })).toBeTruthy();
    cleanup();

    renderSignedIn(withSettings([{ key: DRAWER_START_SETTING, value: "disabled" }]));
    await screen.findByRole("navigation", { name: "Menu principal" });
    expect(screen.queryByRole("button", { name: "Fechar o menu" })).toBeNull();
    // Closed is only where it starts: the toggle still opens it.
    fireEvent.click(screen.getByRole("button", { name: "Abrir ou fechar o menu" }));
    expect(await screen.findByRole("button", { name: "Fechar o menu" })).toBeTruthy();
  });

  it("starts the menu closed on a phone whatever the setting says", async () => {
    setViewport(390, 844);
    renderSignedIn(withSettings([{ key: DRAWER_START_SETTING, value: "enabled" }]));
    await screen.findByRole("button", { name: "Abrir ou fechar o menu" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Fechar o menu" })).toBeNull());
  });
});
