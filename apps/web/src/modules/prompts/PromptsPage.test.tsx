import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

import type { Prompt } from "@atendo/shared";
import { toast } from "react-toastify";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import PromptsPage from "./PromptsPage";
import { samplePrompt } from "./testUtils";

const api = mockedApi();

function renderPage() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <PromptsPage />
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-prompt")!(payload));
}

describe("PromptsPage", () => {
  let prompts: Prompt[];
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    prompts = [
      samplePrompt(1, "Atendente de vendas", { maxTokens: 250 }),
      samplePrompt(2, "Suporte noturno", { queueId: null, queue: null }),
    ];
    api.get.mockImplementation(async (path) => {
      if (path !== "/prompt") throw new Error(`unexpected GET ${path}`);
      return { prompts };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("shows name, queue and max tokens per prompt, and follows company-{id}-prompt events", async () => {
    const emit = renderPage();
    const row = (await screen.findByText("Atendente de vendas")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Vendas")).toBeTruthy();
    expect(within(row).getByText("250")).toBeTruthy();
    const orphan = screen.getByText("Suporte noturno").closest("tr") as HTMLElement;
    expect(within(orphan).getByText("Sem fila")).toBeTruthy();
    for (const header of ["Nome", "Setor/Fila", "Máximo Tokens Resposta", "Ações"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    }
    // The key is never shown in the table, not even masked.
    expect(screen.queryByText("••••abcd")).toBeNull();

    prompts = [...prompts, samplePrompt(3, "Recepção")];
    emit({ action: "create", prompt: prompts[2] });
    expect(await screen.findByText("Recepção")).toBeTruthy();
    prompts = prompts.filter((prompt) => prompt.id !== 1);
    emit({ action: "delete", promptId: 1 });
    await waitFor(() => expect(screen.queryByText("Atendente de vendas")).toBeNull());
  });

  it("deletes after confirming and toasts the server's message", async () => {
    api.delete.mockImplementation(async () => {
      prompts = prompts.filter((prompt) => prompt.id !== 2);
      return { message: "promptDeleted" };
    });
    renderPage();
    const row = (await screen.findByText("Suporte noturno")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Excluir prompt" }));
    expect(await screen.findByText("Excluir o prompt Suporte noturno?")).toBeTruthy();
    expect(screen.getByText("Você tem certeza? Essa ação não pode ser revertida!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Suporte noturno")).toBeNull());
    expect(api.delete).toHaveBeenCalledWith("/prompt/{id}", { params: { id: 2 } });
    expect(toast.success).toHaveBeenCalledWith("Prompt excluído com sucesso!", expect.anything());
  });

  it("shows the empty state when there are no prompts", async () => {
    prompts = [];
    renderPage();
    expect(await screen.findByText("Nenhum prompt")).toBeTruthy();
  });
});
