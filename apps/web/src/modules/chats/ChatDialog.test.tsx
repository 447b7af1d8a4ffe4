import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

import type { Chat } from "@atendo/shared";
import { toast } from "react-toastify";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import { ChatDialog } from "./ChatDialog";

const api = mockedApi();
const me = sessionUser("user");
const companyUsers = [
  { id: me.id, name: me.name },
  { id: 8, name: "Bruno" },
  { id: 9, name: "Carla" },
];
const saved: Chat = {
  id: 1,
  uuid: "0b7d3c8e-1a2b-4c3d-8e9f-000000000001",
  title: "Plantão",
  ownerId: me.id,
  users: [],
  lastMessage: "",
  lastMessageAt: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
};

function renderDialog(chat: Chat | null = null) {
  const onSaved = vi.fn();
  render(withQueryClient(<ChatDialog open chat={chat} onClose={vi.fn()} onSaved={onSaved} />));
  return { onSaved, dialog: screen.getByRole("dialog") };
}

describe("ChatDialog", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: me } as SessionValue);
    api.get.mockResolvedValue(companyUsers);
    api.post.mockResolvedValue(saved);
    api.put.mockResolvedValue(saved);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("alerts fillTitle, then fillUser, and creates the chat with the chosen users", async () => {
    const { dialog, onSaved } = renderDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(toast.warn).toHaveBeenLastCalledWith("Por favor, preencha o título do chat.", expect.anything());
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Título" }), { target: { value: "  Plantão " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(toast.warn).toHaveBeenLastCalledWith("Por favor, selecione pelo menos um usuário.", expect.anything());
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Usuários" }));
    // The caller is a member anyway, so only the others are offered.
    await screen.findByRole("option", { name: "Bruno" });
    expect(screen.queryByRole("option", { name: me.name })).toBeNull();
    fireEvent.click(screen.getByRole("option", { name: "Bruno" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.post).toHaveBeenCalledWith("/chats", { body: { title: "Plantão", users: [8] } });
    expect(toast.success).toHaveBeenCalledWith("Chat salvo com sucesso.", expect.anything());
  });

  it("edits a chat with its members but the caller preselected", async () => {
    const chat: Chat = {
      ...saved,
      users: [
        { userId: me.id, unreads: 0, user: { id: me.id, name: me.name } },
        { userId: 9, unreads: 2, user: { id: 9, name: "Carla" } },
      ],
    };
    const { dialog, onSaved } = renderDialog(chat);
    expect(within(dialog).getByRole("heading", { name: "Editar chat" })).toBeTruthy();
    expect(await within(dialog).findByRole("button", { name: "Carla" })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Título" }), { target: { value: "Noite" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/chats/{id}", { params: { id: 1 }, body: { title: "Noite", users: [9] } });
  });
});
