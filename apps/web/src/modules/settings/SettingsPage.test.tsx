import type { Company, Help, Plan, SessionUser } from "@atendo/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { apiMock, sessionMock } = vi.hoisted(() => ({
  apiMock: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  sessionMock: { user: null as unknown },
}));

vi.mock("../../api/client", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../api/client")>();
  return { ...original, api: apiMock, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({
  useSession: () => ({ user: sessionMock.user, loading: false }),
}));

import i18n from "../../i18n";
import SettingsPage, { visibleTabs } from "./SettingsPage";

function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: "Ana",
    email: "ana@example.com",
    profile: "admin",
    super: false,
    companyId: 7,
    allTicket: "disabled",
    whatsappId: null,
    language: null,
    queues: [],
    company: { id: 7, name: "Loja", dueDate: null, settings: [] },
    ...overrides,
  } as SessionUser;
}

const plan: Plan = {
  id: 3,
  name: "Pro",
  users: 5,
  connections: 2,
  queues: 4,
  value: 99.9,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: false,
  useExternalApi: true,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

function company(id: number, name: string, daysAhead: number): Company {
  const due = new Date();
  due.setDate(due.getDate() + daysAhead);
  due.setHours(12, 0, 0, 0);
  return {
    id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: null,
    document: null,
    planId: plan.id,
    plan: { id: plan.id, name: plan.name, value: plan.value },
    status: true,
    dueDate: due.toISOString(),
    recurrence: "MENSAL",
    campaignsEnabled: true,
    schedules: [],
    billingName: null,
    zipCode: null,
    street: null,
    state: null,
    city: null,
    district: null,
    createdAt: "2025-01-01T12:00:00.000Z",
    updatedAt: "2025-01-01T12:00:00.000Z",
  };
}

function routeGet(settings: { key: string; value: string }[], companies: Company[] = [], helps: Help[] = []) {
  apiMock.get.mockImplementation(async (path: string) => {
    if (path === "/settings") return settings;
    if (path === "/companies/list") return companies;
    if (path === "/plans/all") return [plan];
    if (path === "/helps/list") return helps;
    if (path.startsWith("/companies/")) return companies[0] ?? company(7, "Loja", 30);
    throw new Error(`unexpected GET ${path}`);
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** happy-dom's own window API: the media queries follow the viewport it sets. */
const setViewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });

const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

describe("SettingsPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    for (const fn of Object.values(apiMock)) fn.mockReset();
  });
  afterEach(() => cleanup());

  it("shows a no-permission state to attendants and loads nothing", () => {
    sessionMock.user = makeUser({ profile: "user" });
    renderPage();
    expect(screen.getByText("Você não tem permissão para acessar as configurações")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(apiMock.get).not.toHaveBeenCalled();
  });

  it("gives an admin the options (and schedules when scheduleType is company), saving each change", async () => {
    sessionMock.user = makeUser();
    routeGet([
      { key: "userRating", value: "disabled" },
      { key: "scheduleType", value: "company" },
    ]);
    apiMock.put.mockResolvedValue({ key: "userRating", value: "enabled" });
    renderPage();

    const rating = await screen.findByRole("combobox", { name: "Avaliações" });
    expect(tabNames()).toEqual(["Opções", "Horários"]);
    // Super-only options stay hidden.
    expect(screen.queryByRole("combobox", { name: "Criação de usuário no cadastro" })).toBeNull();
    expect(screen.queryByLabelText(/Asaas/)).toBeNull();

    fireEvent.mouseDown(rating);
    fireEvent.click(await screen.findByRole("option", { name: "Habilitado" }));
    await waitFor(() =>
      expect(apiMock.put).toHaveBeenCalledWith("/settings/{key}", {
        params: { key: "userRating" },
        body: { key: "userRating", value: "enabled" },
      }),
    );
  });

  it("gives the super user the companies, plans and helps tabs, with due-date row colours and renewal", async () => {
    sessionMock.user = makeUser({ super: true });
    routeGet([{ key: "scheduleType", value: "disabled" }], [company(1, "Amarela", 5), company(2, "Vermelha", -10)]);
    apiMock.post.mockResolvedValue({ ...company(1, "Amarela", 35), dueDate: "2031-02-03T12:00:00.000Z" });
    renderPage();

    await screen.findByRole("combobox", { name: "Avaliações" });
    expect(tabNames()).toEqual(["Opções", "Empresas", "Planos", "Ajuda"]);
    expect(screen.getByRole("combobox", { name: "Criação de usuário no cadastro" })).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Empresas" }));
    const yellowRow = (await screen.findByText("Amarela")).closest("tr")!;
    expect(yellowRow.getAttribute("data-due")).toBe("yellow");
    expect(screen.getByText("Vermelha").closest("tr")!.getAttribute("data-due")).toBe("red");

    // The e-mail stays on one line in the table, whole in its tooltip.
    expect(within(yellowRow).getByTitle("amarela@example.com").textContent).toBe("amarela@example.com");

    fireEvent.click(within(yellowRow).getByRole("button", { name: "Renovar Amarela" }));
    await waitFor(() => expect(apiMock.post).toHaveBeenCalledWith("/companies/{id}/renew", { params: { id: 1 } }));
  });

  it("validates the company form with translated messages before posting", async () => {
    sessionMock.user = makeUser({ super: true });
    routeGet([], []);
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Empresas" }));
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Selecione um plano")).toBeTruthy();
    expect(screen.getAllByText("Obrigatório").length).toBeGreaterThan(0);
    expect(apiMock.post).not.toHaveBeenCalled();
  });
});

describe("SettingsPage helps tab", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    for (const fn of Object.values(apiMock)) fn.mockReset();
  });
  afterEach(() => {
    cleanup();
    setViewport(1024);
  });

  it("titles the list Ajuda and gives a text guide's card no empty video line (phone)", async () => {
    setViewport(390);
    sessionMock.user = makeUser({ super: true });
    routeGet(
      [],
      [],
      [
        { id: 1, title: "Guia em texto", video: "", description: "Passo a passo" },
        { id: 2, title: "Guia em vídeo", video: "dQw4w9WgXcQ", description: "" },
      ],
    );
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Ajuda" }));
    const list = await screen.findByRole("list", { name: "Ajuda" });
    const textGuide = await within(list).findByRole("listitem", { name: "Guia em texto" });
    expect(within(textGuide).queryByText("Código do vídeo")).toBeNull();
    const videoGuide = within(list).getByRole("listitem", { name: "Guia em vídeo" });
    expect(within(videoGuide).getByText("Código do vídeo")).toBeTruthy();
  });
});

describe("visibleTabs", () => {
  it("adds schedules only for scheduleType company and the admin tabs only for super", () => {
    expect(visibleTabs(false, "disabled")).toEqual(["options"]);
    expect(visibleTabs(false, "queue")).toEqual(["options"]);
    expect(visibleTabs(false, "company")).toEqual(["options", "schedules"]);
    expect(visibleTabs(true, "company")).toEqual(["options", "schedules", "companies", "plans", "helps"]);
  });
});
