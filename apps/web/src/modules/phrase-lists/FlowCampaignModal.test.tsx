import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));

import type { FlowCampaign } from "@atendo/shared";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { FlowCampaignModal } from "./FlowCampaignModal";

const api = mockedApi();

const campaign = (overrides: Partial<FlowCampaign> = {}): FlowCampaign => ({
  id: 4,
  name: "Promoção",
  flowId: 2,
  whatsappId: 1,
  phrase: "quero a promoção",
  status: true,
  companyId: 3,
  userId: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
const flowRecord = (id: number, name: string) => ({
  id,
  name,
  active: true,
  companyId: 3,
  userId: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;

/** Picks an option once the select is enabled (it waits for the flows and connections). */
async function choose(label: RegExp, option: string) {
  await waitFor(() => expect(screen.getByRole("combobox", { name: label }).getAttribute("aria-disabled")).toBeNull());
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("FlowCampaignModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockImplementation(async (path, options) => {
      if (path === "/whatsapp") return [{ id: 1, name: "Simulador" }];
      // Two pages of flows: the select offers every one.
      if (path === "/flowbuilder") {
        return options?.query?.pageNumber === 1
          ? { flows: [flowRecord(2, "Boas-vindas")], count: 2, hasMore: true }
          : { flows: [flowRecord(3, "Vendas")], count: 2, hasMore: false };
      }
      if (path === "/flowcampaign/{id}") return campaign();
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("flags the name, flow, connection and phrase in red when empty, without calling the server", async () => {
    render(withQueryClient(<FlowCampaignModal open campaignId={null} onClose={vi.fn()} onSaved={vi.fn()} />));
    expect(screen.getByRole("dialog", { name: "Adicionar campanha de frase" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(screen.getAllByText("Obrigatório")).toHaveLength(4));
    expect(field(/Nome/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/Frase/).getAttribute("aria-invalid")).toBe("true");
    // No status switch on a new campaign: it starts active.
    expect(screen.queryByRole("switch", { name: "Status" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Status" })).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("creates a campaign with the chosen flow (from any page) and connection", async () => {
    const saved = campaign({ id: 9, name: "Vendas", flowId: 3, phrase: "comprar" });
    api.post.mockResolvedValue(saved);
    const onSaved = vi.fn();
    render(withQueryClient(<FlowCampaignModal open campaignId={null} onClose={vi.fn()} onSaved={onSaved} />));
    fireEvent.change(field(/Nome/), { target: { value: "Vendas" } });
    await choose(/Fluxo/, "Vendas");
    await choose(/Conexão/, "Simulador");
    fireEvent.change(field(/Frase/), { target: { value: " comprar " } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved), { timeout: 2000 });
    expect(api.post).toHaveBeenCalledWith("/flowcampaign", {
      body: { name: "Vendas", flowId: 3, whatsappId: 1, phrase: "comprar", status: true },
    });
  });

  it("edits a campaign: loads it, turns it off with the status switch and sends the whole campaign by id", async () => {
    api.put.mockResolvedValue(campaign({ status: false }));
    const onSaved = vi.fn();
    render(withQueryClient(<FlowCampaignModal open campaignId={4} onClose={vi.fn()} onSaved={onSaved} />));
    expect(await screen.findByDisplayValue("quero a promoção")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Editar campanha de frase" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("combobox", { name: /Fluxo/ }).textContent).toBe("Boas-vindas"));
    const status = screen.getByRole("switch", { name: "Status" }) as HTMLInputElement;
    expect(status.checked).toBe(true);
    expect(screen.getByText("Ativo")).toBeTruthy();
    fireEvent.click(status);
    expect(screen.getByText("Desativado")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 2000 });
    expect(api.put).toHaveBeenCalledWith("/flowcampaign", {
      body: { id: 4, name: "Promoção", flowId: 2, whatsappId: 1, phrase: "quero a promoção", status: false },
    });
  });
});
