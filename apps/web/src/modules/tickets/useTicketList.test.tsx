import type { Ticket, TicketsPage } from "@atendo/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

const { apiMock } = vi.hoisted(() => ({
  apiMock: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

vi.mock("../../api/client", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../api/client")>();
  return { ...original, api: apiMock };
});

import { useTicketList } from "./useTicketList";

function ticket(id: number): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    userId: null,
    user: null,
    queueId: null,
    queue: null,
    whatsappId: null,
    whatsapp: null,
    contactId: id,
    contact: { id, name: `Cliente ${id}`, number: "5511900000000", profilePicUrl: "", email: "" },
    isGroup: false,
    chatbot: false,
    lastMessage: "oi",
    unreadMessages: 0,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0)).toISOString(),
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    code: null,
  };
}

describe("useTicketList", () => {
  afterEach(() => {
    cleanup();
    apiMock.get.mockReset();
  });

  it("shows the first page's count after the next pages, which carry none, have loaded", async () => {
    const first: TicketsPage = { tickets: [ticket(3), ticket(2)], count: 57, hasMore: true, nextCursor: "2000_2" };
    const second: TicketsPage = { tickets: [ticket(1)], hasMore: false, nextCursor: null };
    apiMock.get.mockImplementation(async (_path: string, options: { query: { cursor?: string } }) =>
      options.query.cursor === "2000_2" ? second : first,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useTicketList({ status: "open" }), { wrapper });
    await waitFor(() => expect(result.current.tickets).toHaveLength(2));
    expect(result.current.count).toBe(57);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.tickets.map((item) => item.id)).toEqual([3, 2, 1]));
    expect(result.current.count).toBe(57);
    expect(apiMock.get).toHaveBeenLastCalledWith(
      "/tickets",
      expect.objectContaining({ query: expect.objectContaining({ cursor: "2000_2" }) }),
    );
  });
});
