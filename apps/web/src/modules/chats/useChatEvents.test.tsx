import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn() } };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import { SocketContext } from "../../realtime/socket";
import { fakeSocket } from "../../realtime/testing";
import { sessionUser } from "../users/testUtils";
import { chatsKeys } from "./chatsApi";
import { useChatEvents } from "./useChatEvents";
import { useUnreadChats } from "./useUnreadChats";

const api = mockedApi();

describe("useChatEvents", () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("user") } as SessionValue);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("reads the unread count, the chat lists and a loaded conversation again after a reconnect", async () => {
    const fake = fakeSocket();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <SocketContext.Provider value={fake.socket}>{children}</SocketContext.Provider>
      </QueryClientProvider>
    );
    api.get.mockResolvedValue({ records: [], count: 0, hasMore: false, unreadChats: 0 });
    // The count as the layout keeps it live: its one subscription beside the menu's dot.
    const { result } = renderHook(
      () => {
        useChatEvents();
        return useUnreadChats();
      },
      { wrapper },
    );
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(1));
    const cached = [chatsKeys.list(""), chatsKeys.messages(1), chatsKeys.detail("1")];
    for (const key of cached) client.setQueryData(key, {});

    // Another user's message was sent while this socket was disconnected: its event is lost.
    api.get.mockResolvedValue({ records: [], count: 1, hasMore: false, unreadChats: 1 });
    fake.reconnect();
    await waitFor(() => expect(result.current).toBe(1));
    for (const key of cached) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
  });
});
