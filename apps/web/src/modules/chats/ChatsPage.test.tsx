import { type ChatEventPayload, type ChatMessage, companyEvent } from "@atendo/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { fakeSocket } from "../../realtime/testing";
import { sessionUser } from "../users/testUtils";
import { ChatsMenuIcon } from "./ChatsMenuIcon";
import ChatsPage from "./ChatsPage";
import { ChatsPopover } from "./ChatsPopover";
import { chatsKeys } from "./chatsApi";
import { chatOf } from "./testing";
import { ChatEvents } from "./useChatEvents";

const api = mockedApi();
const me = sessionUser("user");
const chat = chatOf(me, 0);
const message: ChatMessage = {
  id: 10,
  chatId: chat.id,
  senderId: 8,
  sender: { id: 8, name: "Bruno" },
  message: "Eu cubro",
  createdAt: "2026-11-24T10:05:00.000Z",
};

/** The server as it stands: the chat list (with the unread count), the chat, its messages. */
let server = { chat, unreadChats: 0 };

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** The chats page inside what the signed-in layout gives it: the one ChatEvents, the menu's icon, the top bar's popover. */
function renderChatsPage(client: QueryClient, socket: ReturnType<typeof fakeSocket>["socket"]) {
  return render(
    <QueryClientProvider client={client}>
      <SocketContext.Provider value={socket}>
        <MemoryRouter initialEntries={[`/chats/${chat.uuid}`]}>
          <ChatEvents />
          <ChatsMenuIcon />
          <ChatsPopover />
          <Routes>
            <Route path="/chats/:id?" element={<ChatsPage />} />
          </Routes>
          <Address />
        </MemoryRouter>
      </SocketContext.Provider>
    </QueryClientProvider>,
  );
}

describe("ChatsPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: me } as SessionValue);
    server = { chat, unreadChats: 0 };
    api.get.mockImplementation(async (path: string) => {
      if (path === "/chats") {
        return { records: [server.chat], count: 1, hasMore: false, unreadChats: server.unreadChats };
      }
      if (path === "/chats/{id}") return server.chat;
      if (path === "/chats/{id}/messages") return { records: [], count: 0, hasMore: false };
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("reads the chats again once per reconnect and handles each chat event once, with the menu's dot and the page live", async () => {
    const fake = fakeSocket();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderChatsPage(client, fake.socket);
    await screen.findByTestId("chat-list");
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const chatInvalidations = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === chatsKeys.all[0]);

    // A reconnect reads the chats again once, though the menu, the top bar and the page all show them.
    fake.reconnect();
    expect(chatInvalidations()).toEqual([[{ queryKey: chatsKeys.all }]]);
    await waitFor(() => expect(client.isFetching()).toBe(0));

    // A message from another member: one update of the lists and one of the count, and both live.
    invalidate.mockClear();
    server = { chat: { ...chat, lastMessage: message.message }, unreadChats: 1 };
    const event = companyEvent.chat(me.companyId);
    fake.emit(event, { action: "new-message", chat: server.chat, newMessage: message } satisfies ChatEventPayload);
    expect(chatInvalidations()).toEqual([[{ queryKey: chatsKeys.lists() }], [{ queryKey: chatsKeys.unread }]]);
    expect(await screen.findByTestId("chats-unread-dot")).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId("chat-list")).getByTestId("chat-item").textContent).toContain("Eu cubro"),
    );

    // The page still leaves the open chat when it is deleted.
    fake.emit(event, { action: "delete", chatId: chat.id } satisfies ChatEventPayload);
    await waitFor(() => expect(screen.getByTestId("address").textContent).toBe("/chats"));
  });
});
