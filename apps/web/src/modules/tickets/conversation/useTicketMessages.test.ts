import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { socket } = vi.hoisted(() => ({ socket: { handler: undefined as ((payload: unknown) => void) | undefined } }));

vi.mock("../../../api/client", () => ({ api: {}, toastError: vi.fn() }));
vi.mock("../../../app/session", () => ({ useSession: () => ({ user: { id: 1, companyId: 7 } }) }));
vi.mock("../../../realtime/socket", () => ({
  useSocketEvent: (_event: string, handler: (payload: unknown) => void) => {
    socket.handler = handler;
  },
}));
vi.mock("./conversationApi", () => ({ fetchMessagesPage: vi.fn(), markTicketRead: vi.fn() }));

import type { TicketMessage } from "@atendo/shared";
import { fetchMessagesPage, markTicketRead } from "./conversationApi";
import { READ_DEBOUNCE_MS, useTicketMessages } from "./useTicketMessages";

const TICKET = 10;

function message(id: number, fromMe = false): TicketMessage {
  return {
    id,
    ticketId: TICKET,
    body: `message ${id}`,
    fromMe,
    read: fromMe,
    mediaType: "chat",
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    quotedMsg: null,
    contact: null,
    contactId: 3,
    createdAt: new Date(2026, 10, 24, 10, 0, id).toISOString(),
    updatedAt: new Date(2026, 10, 24, 10, 0, id).toISOString(),
  } as unknown as TicketMessage;
}

/** What the server emits for a message created on the ticket. */
const created = (id: number) => ({ action: "create", message: { ...message(id), contact: { name: "Cliente" } } });

describe("useTicketMessages", () => {
  beforeEach(() => {
    vi.mocked(fetchMessagesPage).mockResolvedValue({
      messages: [message(1), message(2, true)],
      hasMore: false,
      count: 2,
    } as never);
    vi.mocked(markTicketRead).mockResolvedValue({ message: "read" });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.resetAllMocks();
  });

  it("puts arriving messages in place and reads a burst of them with one read call, never fetching page 1 again", async () => {
    const { result } = renderHook(() => useTicketMessages(TICKET));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(fetchMessagesPage).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    act(() => {
      for (const id of [3, 4, 5]) socket.handler!(created(id));
    });
    expect(result.current.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(markTicketRead).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(READ_DEBOUNCE_MS);
    });
    expect(markTicketRead).toHaveBeenCalledTimes(1);
    expect(markTicketRead).toHaveBeenCalledWith(TICKET);
    expect(fetchMessagesPage).toHaveBeenCalledTimes(1);
    // The customer's messages on screen show as read, as the server now has them.
    expect(result.current.messages.filter((m) => !m.fromMe).every((m) => m.read)).toBe(true);

    // Another ticket's message and the attendant's own are not read for.
    act(() => {
      socket.handler!({ action: "create", message: { ...message(6), ticketId: 99 } });
      socket.handler!({ action: "create", message: message(7, true) });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(READ_DEBOUNCE_MS);
    });
    expect(markTicketRead).toHaveBeenCalledTimes(1);
    expect(result.current.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it("reads a message that arrived just before the ticket was left", async () => {
    const { result, rerender } = renderHook(({ id }) => useTicketMessages(id), { initialProps: { id: TICKET } });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => socket.handler!(created(3)));
    rerender({ id: 11 });
    expect(markTicketRead).toHaveBeenCalledWith(TICKET);
  });
});
