import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import type { FlowRecord } from "@atendo/shared";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import FlowsPage from "./FlowsPage";

const api = mockedApi();
const flow = (id: number, name: string, active = true): FlowRecord => ({
  id,
  name,
  active,
  companyId: 3,
  userId: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function Builder() {
  return <p>builder of flow {useParams().id}</p>;
}

function renderPage() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <MemoryRouter initialEntries={["/flowbuilders"]}>
          <Routes>
            <Route path="/flowbuilders" element={<FlowsPage />} />
            <Route path="/flowbuilder/:id" element={<Builder />} />
          </Routes>
        </MemoryRouter>
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-flowbuilder")!(payload));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

async function menuAction(name: string, action: string) {
  fireEvent.click(within(await rowOf(name)).getByRole("button", { name: `Mais ações de ${name}` }));
  fireEvent.click(await screen.findByRole("menuitem", { name: action }));
}

describe("FlowsPage", () => {
  let flows: FlowRecord[];
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    flows = [flow(1, "Boas-vindas"), flow(2, "Vendas", false)];
    api.get.mockImplementation(async (path, options) => {
      if (path !== "/flowbuilder") throw new Error(`unexpected GET ${path}`);
      const search = String(options?.query?.searchParam ?? "").toLowerCase();
      const found = flows.filter((item) => item.name.toLowerCase().includes(search));
      return { flows: found, count: found.length, hasMore: false };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists the flows with Ativo/Desativado, searches them, and follows company-{id}-flowbuilder events", async () => {
    const emit = renderPage();
    expect(await screen.findByRole("heading", { name: "Fluxos de conversa" })).toBeTruthy();
    expect(within(await rowOf("Boas-vindas")).getByText("Ativo")).toBeTruthy();
    expect(within(await rowOf("Vendas")).getByText("Desativado")).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar fluxos" }), { target: { value: "vend" } });
    await waitFor(() => expect(screen.queryByText("Boas-vindas")).toBeNull(), { timeout: 2000 });
    expect(api.get).toHaveBeenLastCalledWith(
      "/flowbuilder",
      expect.objectContaining({ query: { searchParam: "vend", pageNumber: 1 } }),
    );
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar fluxos" }), { target: { value: "" } });
    expect(await screen.findByText("Boas-vindas", {}, { timeout: 2000 })).toBeTruthy();

    flows = [...flows, flow(3, "Suporte")];
    emit({ action: "create", flow: flows[2] });
    expect(await screen.findByText("Suporte")).toBeTruthy();
    emit({ action: "update", flow: flow(2, "Vendas de maio", true) });
    expect(within(await rowOf("Vendas de maio")).getByText("Ativo")).toBeTruthy();
    emit({ action: "delete", flowId: 1 });
    await waitFor(() => expect(screen.queryByText("Boas-vindas")).toBeNull());
  });

  it("opens the builder from a row and from the menu's edit entry", async () => {
    renderPage();
    fireEvent.click(await rowOf("Vendas"));
    expect(await screen.findByText("builder of flow 2")).toBeTruthy();
    cleanup();

    renderPage();
    await menuAction("Boas-vindas", "Editar fluxo");
    expect(await screen.findByText("builder of flow 1")).toBeTruthy();
  });

  it("renames a flow from its menu without opening the builder", async () => {
    api.put.mockImplementation(async () => flow(2, "Vendas 2", false));
    renderPage();
    await menuAction("Vendas", "Editar nome");
    const dialog = await screen.findByRole("dialog", { name: "Editar nome do fluxo" });
    const name = within(dialog).getByRole("textbox", { name: /Nome do fluxo/ });
    expect((name as HTMLInputElement).value).toBe("Vendas");
    fireEvent.change(name, { target: { value: "Vendas 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Vendas 2", {}, { timeout: 2000 })).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith("/flowbuilder", { body: { flowId: 2, name: "Vendas 2" } });
    expect(screen.queryByText(/builder of flow/)).toBeNull();
  });

  it("duplicates a flow and shows the copy", async () => {
    api.post.mockImplementation(async () => {
      const copy = flow(4, "Vendas - cópia", false);
      flows = [...flows, copy];
      return copy;
    });
    renderPage();
    await menuAction("Vendas", "Duplicar");
    expect(await screen.findByText("Vendas - cópia")).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith("/flowbuilder/duplicate", { body: { flowId: 2 } });
  });

  it("deletes a flow after a confirmation that warns about its integrations", async () => {
    api.delete.mockResolvedValue({ message: "Flow deleted" });
    renderPage();
    await menuAction("Vendas", "Excluir");
    const confirmation = await screen.findByRole("dialog", { name: "Excluir o fluxo Vendas?" });
    expect(within(confirmation).getByText(/Todas as integrações relacionadas a ele serão perdidas/)).toBeTruthy();
    fireEvent.click(within(confirmation).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Vendas")).toBeNull());
    expect(api.delete).toHaveBeenCalledWith("/flowbuilder/{id}", { params: { id: 2 } });
  });

  it("shows the empty state when there are no flows", async () => {
    flows = [];
    renderPage();
    expect(await screen.findByText("Nenhum fluxo de conversa")).toBeTruthy();
  });
});
