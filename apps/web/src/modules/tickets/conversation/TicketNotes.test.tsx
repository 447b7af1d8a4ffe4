import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../../app/session", () => ({ useSession: vi.fn() }));

import type { Ticket, TicketNote } from "@atendo/shared";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../../api/testing";
import { type SessionValue, useSession } from "../../../app/session";
import i18n from "../../../i18n";
import { SocketContext } from "../../../realtime/socket";
import { sessionUser, withQueryClient } from "../../users/testUtils";
import { TicketNotes } from "./TicketNotes";

const api = mockedApi();

const ticket = { id: 42, contactId: 3 } as Ticket;

const note = (overrides: Partial<TicketNote>): TicketNote => ({
  id: 1,
  note: "Cliente prefere contato à tarde.",
  ticketId: 42,
  contactId: 3,
  userId: 7,
  user: { id: 7, name: "Bruno" },
  createdAt: new Date().toISOString(),
  ...overrides,
});

function renderNotes() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <TicketNotes ticket={ticket} enabled />
      </SocketContext.Provider>,
    ),
  );
  const companyId = sessionUser("admin").companyId;
  return (payload: unknown) => act(() => handlers.get(`company-${companyId}-ticket`)!(payload));
}

describe("TicketNotes", () => {
  let notes: TicketNote[];
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    notes = [note({})];
    api.get.mockImplementation(async (path) => {
      if (path !== "/ticket-notes/list") throw new Error(`unexpected GET ${path}`);
      return notes;
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("labels a note without an author as the system's, and reads the notes again on its ticket's update", async () => {
    const ticketEvent = renderNotes();
    expect(await screen.findByText(/^Bruno · /)).toBeTruthy();
    expect(screen.queryByText(/^Sistema · /)).toBeNull();

    // The AI failed: its note is stored, and the server announces the ticket's update.
    notes = [note({ id: 2, userId: null, user: null, note: "[IA] OpenAI não respondeu a tempo." }), ...notes];
    ticketEvent({ action: "update", ticket: { id: 99, tags: [] } });
    ticketEvent({ action: "update", ticket: { id: 42, tags: [] } });
    expect(await screen.findByText("[IA] OpenAI não respondeu a tempo.")).toBeTruthy();
    expect(screen.getByText(/^Sistema · /)).toBeTruthy();
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });
});
