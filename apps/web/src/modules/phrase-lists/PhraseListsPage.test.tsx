import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import type { FlowCampaign, SessionUser } from "@atendo/shared";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import PhraseListsPage from "./PhraseListsPage";

const api = mockedApi();
const campaign = (id: number, name: string, status = true): FlowCampaign => ({
  id,
  name,
  flowId: 2,
  whatsappId: 1,
  phrase: `frase ${name}`,
  status,
  companyId: 3,
  userId: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function renderPage(user: SessionUser = sessionUser("admin")) {
  vi.mocked(useSession).mockReturnValue({ user } as SessionValue);
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <PhraseListsPage />
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-flowcampaign")!(payload));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

describe("PhraseListsPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockImplementation(async (path) => {
      if (path !== "/flowcampaign") throw new Error(`unexpected GET ${path}`);
      return { flow: [campaign(1, "Promoção"), campaign(2, "Cardápio", false)] };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists the campaigns as Ativo/Desativado and follows company-{id}-flowcampaign events", async () => {
    const emit = renderPage();
    expect(await screen.findByRole("heading", { name: "Campanhas de frase" })).toBeTruthy();
    expect(within(await rowOf("Promoção")).getByText("Ativo")).toBeTruthy();
    expect(within(await rowOf("Cardápio")).getByText("Desativado")).toBeTruthy();

    emit({ action: "create", flowCampaign: campaign(3, "Suporte") });
    expect(await screen.findByText("Suporte")).toBeTruthy();
    emit({ action: "update", flowCampaign: campaign(1, "Promoção", false) });
    await waitFor(async () => expect(within(await rowOf("Promoção")).getByText("Desativado")).toBeTruthy());
    emit({ action: "delete", flowCampaignId: 2 });
    await waitFor(() => expect(screen.queryByText("Cardápio")).toBeNull());
  });

  it("deletes a campaign after confirming", async () => {
    api.delete.mockResolvedValue({ message: "deleted" });
    renderPage();
    fireEvent.click(within(await rowOf("Cardápio")).getByRole("button", { name: "Excluir campanha" }));
    const confirmation = await screen.findByRole("dialog", { name: "Excluir a campanha Cardápio?" });
    fireEvent.click(within(confirmation).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Cardápio")).toBeNull());
    expect(api.delete).toHaveBeenCalledWith("/flowcampaign/{id}", { params: { id: 2 } });
  });

  it("hides delete from a profile without the contacts delete permission", async () => {
    renderPage(sessionUser("supervisor"));
    const row = await rowOf("Promoção");
    expect(within(row).getByRole("button", { name: "Editar campanha" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Excluir campanha" })).toBeNull();
  });

  it("shows the empty state, and a retry when the list cannot be loaded", async () => {
    api.get.mockResolvedValueOnce({ flow: [] });
    renderPage();
    expect(await screen.findByText("Nenhuma campanha de frase")).toBeTruthy();
    cleanup();

    api.get.mockRejectedValueOnce(new Error("offline"));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("Promoção")).toBeTruthy();
  });
});
