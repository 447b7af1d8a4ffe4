import type { TicketsPage } from "@atendo/shared";
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

import { testTicket as ticket } from "./testTicket";
import { useTicketList } from "./useTicketList";

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
