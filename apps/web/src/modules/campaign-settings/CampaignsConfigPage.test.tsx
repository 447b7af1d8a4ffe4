import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { type CampaignSettings, campaignSettingRecords, DEFAULT_CAMPAIGN_SETTINGS } from "@atendo/shared";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import CampaignsConfigPage from "./CampaignsConfigPage";

const api = mockedApi();
const stored: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [{ key: "loja", value: "Loja Centro" }] };

function renderPage() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <CampaignsConfigPage />
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-campaignSettings")!(payload));
}

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("CampaignsConfigPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    api.get.mockResolvedValue(campaignSettingRecords(stored));
    api.post.mockImplementation(async (_path, options) =>
      campaignSettingRecords((options!.body as { settings: CampaignSettings }).settings),
    );
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("shows the saved settings, keeps changes in a draft and saves them all at once", async () => {
    renderPage();
    expect(await screen.findByText("{loja}")).toBeTruthy();
    const save = screen.getByRole("button", { name: "Salvar configurações" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole("combobox", { name: /Intervalo randômico de disparo/ }).textContent).toBe("20 segundos");

    await choose(/Intervalo randômico de disparo/, "Sem intervalo");
    await choose(/Intervalo maior após/, "1 mensagem");
    fireEvent.change(screen.getByRole("textbox", { name: "Atalho" }), { target: { value: "site" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Conteúdo" }), { target: { value: "exemplo.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar variável" }));
    expect(await screen.findByText("{site}")).toBeTruthy();
    expect(screen.getByText("Alterações não salvas")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.click(save);
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith("/campaign-settings", {
      body: {
        settings: {
          messageInterval: 0,
          longerIntervalAfter: 1,
          greaterInterval: 60,
          variables: [
            { key: "loja", value: "Loja Centro" },
            { key: "site", value: "exemplo.com" },
          ],
        },
      },
    });
    await waitFor(() => expect(screen.queryByText("Alterações não salvas")).toBeNull());
  });

  it("ignores a repeated shortcut and removes a variable after confirming", async () => {
    renderPage();
    await screen.findByText("{loja}");
    fireEvent.change(screen.getByRole("textbox", { name: "Atalho" }), { target: { value: "loja" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Conteúdo" }), { target: { value: "Outra" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar variável" }));
    expect(await screen.findByText("Este atalho já existe")).toBeTruthy();
    expect(screen.getAllByText("{loja}")).toHaveLength(1);

    const row = screen.getByText("{loja}").closest("tr")!;
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Excluir variável" }));
    fireEvent.click(await screen.findByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("{loja}")).toBeNull());
    expect(screen.getByText("Nenhuma variável")).toBeTruthy();
  });

  it("follows a save made elsewhere while it has no draft", async () => {
    const emit = renderPage();
    await screen.findByText("{loja}");
    emit({ action: "update", settings: { ...stored, messageInterval: 5, variables: [] } });
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: /Intervalo randômico de disparo/ }).textContent).toBe("5 segundos"),
    );
    expect(screen.queryByText("{loja}")).toBeNull();
  });
});
