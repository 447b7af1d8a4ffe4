import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

import type { QueueIntegration } from "@atendo/shared";
import { MemoryRouter } from "react-router-dom";
import { toast } from "react-toastify";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import QueueIntegrationsPage from "./QueueIntegrationsPage";
import { sampleIntegration } from "./testUtils";

const api = mockedApi();

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
        <MemoryRouter>
          <QueueIntegrationsPage />
        </MemoryRouter>
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-queueIntegration")!(payload));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

describe("QueueIntegrationsPage", () => {
  let integrations: QueueIntegration[];
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    integrations = [
      sampleIntegration({ id: 2, type: "dialogflow", name: "Agente" }),
      sampleIntegration({ id: 5, type: "typebot", name: "Bot de vendas" }),
    ];
    api.get.mockImplementation(async (path, options) => {
      if (path !== "/queueIntegration") throw new Error(`unexpected GET ${path}`);
      const search = String(options?.query?.searchParam ?? "").toLowerCase();
      const found = integrations.filter((item) => item.name.toLowerCase().includes(search));
      return { queueIntegrations: found, count: found.length, hasMore: false };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists each integration with its type, id and name", async () => {
    renderPage();
    const row = await rowOf("Agente");
    expect(within(row).getByRole("img", { name: "Dialogflow" })).toBeTruthy();
    expect(within(row).getByText("2")).toBeTruthy();
    expect(within(await rowOf("Bot de vendas")).getByRole("img", { name: "Typebot" })).toBeTruthy();
  });

  it("searches by name", async () => {
    renderPage();
    await rowOf("Agente");
    fireEvent.change(screen.getByLabelText("Pesquisar..."), { target: { value: "bot" } });
    await waitFor(
      () => {
        expect(screen.queryByText("Agente")).toBeNull();
        expect(screen.getByText("Bot de vendas")).toBeTruthy();
      },
      { timeout: 2000 },
    );
    expect(api.get).toHaveBeenLastCalledWith(
      "/queueIntegration",
      expect.objectContaining({ query: { searchParam: "bot", pageNumber: 1 } }),
    );
  });

  it("follows company-{id}-queueIntegration: create, update and delete", async () => {
    const emit = renderPage();
    await rowOf("Agente");
    integrations = [...integrations, sampleIntegration({ id: 9, type: "n8n", name: "Automação" })];
    emit({ action: "create", queueIntegration: integrations[2] });
    expect(await rowOf("Automação")).toBeTruthy();
    emit({ action: "update", queueIntegration: { ...integrations[0], name: "Agente renomeado" } });
    expect(await screen.findByText("Agente renomeado")).toBeTruthy();
    emit({ action: "delete", queueIntegrationId: 5 });
    await waitFor(() => expect(screen.queryByText("Bot de vendas")).toBeNull());
  });

  it("deletes after the confirmation, with the spec's toast", async () => {
    api.delete.mockResolvedValue({ message: "queueIntegrationDeleted" });
    renderPage();
    fireEvent.click(within(await rowOf("Bot de vendas")).getByRole("button", { name: "Excluir Bot de vendas" }));
    expect(await screen.findByText(/removida das filas e conexões vinculadas/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Bot de vendas")).toBeNull());
    expect(api.delete).toHaveBeenCalledWith("/queueIntegration/{id}", { params: { id: 5 } });
    expect(toast.success).toHaveBeenCalledWith("Integração excluída com sucesso.", expect.anything());
  });

  it("shows a new webhook's signing key once, after it is added", async () => {
    api.post.mockResolvedValue({
      ...sampleIntegration({ id: 12, type: "webhook", name: "Webhook", hasSigningSecret: true }),
      signingSecret: "whsec_shown_once",
    });
    renderPage();
    await rowOf("Agente");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar projeto" }));
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /^Tipo/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Webhook" }));
    fireEvent.change(screen.getByLabelText(/^Nome( \*)?$/, { selector: "input" }), { target: { value: "Webhook" } });
    fireEvent.change(screen.getByLabelText(/^URL/, { selector: "input" }), {
      target: { value: "https://hooks.example.com/in" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(((await screen.findByTestId("signing-secret")) as HTMLInputElement).value).toBe("whsec_shown_once");
    expect(api.post).toHaveBeenCalledWith("/queueIntegration", {
      body: expect.objectContaining({ type: "webhook", urlN8N: "https://hooks.example.com/in" }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Entendi" }));
    await waitFor(() => expect(screen.queryByTestId("signing-secret")).toBeNull());
  });
});
