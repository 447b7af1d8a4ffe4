import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import { ChatsPopover } from "./ChatsPopover";
import { chatOf } from "./testing";

const api = mockedApi();
const me = sessionUser("user");
const chat = chatOf(me, 2);

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

describe("ChatsPopover", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: me } as SessionValue);
    api.get.mockResolvedValue({ records: [chat], count: 1, hasMore: false, unreadChats: 1 });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("counts the unread chats, loads the list only when opened, and opens a chat on a click", async () => {
    render(
      withQueryClient(
        <MemoryRouter initialEntries={["/tickets"]}>
          <ChatsPopover />
          <Routes>
            <Route path="*" element={<Address />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const button = await screen.findByRole("button", { name: /Chats internos, 1 não lido/ });
    await waitFor(() => expect(within(screen.getByTestId("chats-badge")).getByText("1")).toBeTruthy());
    // Only the unread count so far: the list's own search waits for the popover.
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Chats internos" });
    const item = await within(dialog).findByTestId("chat-item");
    expect(item.textContent).toContain("Plantão");
    expect(within(item).getByTestId("chat-unreads").textContent).toBe("2");

    fireEvent.click(item);
    expect(screen.getByTestId("address").textContent).toBe(`/chats/${chat.uuid}`);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
