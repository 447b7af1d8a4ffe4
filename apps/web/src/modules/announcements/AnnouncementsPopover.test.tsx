import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn() },
  BACKEND_URL: "",
  toastError: vi.fn(),
}));

import type { Announcement } from "@atendo/shared";
import type { Socket } from "socket.io-client";
import { api } from "../../api/client";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { withQueryClient } from "../users/testUtils";
import { AnnouncementsPopover } from "./AnnouncementsPopover";

const announcement = (id: number, title: string, priority: number): Announcement => ({
  id,
  title,
  text: `Texto de ${title}`,
  priority,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T12:00:00.000Z",
});

describe("AnnouncementsPopover", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it("lists the active announcements with a badge and follows company-announcement", async () => {
    let records = [announcement(1, "Manutenção", 1)];
    vi.mocked(api.get).mockImplementation(async () => ({ records, count: records.length, hasMore: false }));
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
      off: (event: string) => handlers.delete(event),
    } as unknown as Socket;
    render(
      withQueryClient(
        <SocketContext.Provider value={socket}>
          <AnnouncementsPopover />
        </SocketContext.Provider>,
      ),
    );

    const button = await screen.findByRole("button", { name: "Informativos (1)" });
    expect(api.get).toHaveBeenCalledWith(
      "/announcements",
      expect.objectContaining({ query: { active: true, pageNumber: 1 } }),
    );

    records = [announcement(1, "Manutenção", 1), announcement(2, "Novidade", 3)];
    act(() => handlers.get("company-announcement")!({ action: "create", record: records[1] }));
    await screen.findByRole("button", { name: "Informativos (2)" });

    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    const items = within(dialog).getAllByTestId("announcement-item");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Manutenção"),
      expect.stringContaining("Novidade"),
    ]);
    expect(within(items[0]!).getByText("Alta")).toBeTruthy();
  });

  it("says so when there is none", async () => {
    vi.mocked(api.get).mockResolvedValue({ records: [], count: 0, hasMore: false });
    render(withQueryClient(<AnnouncementsPopover />));
    fireEvent.click(await screen.findByRole("button", { name: "Informativos (0)" }));
    await waitFor(() => expect(screen.getByText("Nenhum informativo no momento")).toBeTruthy());
  });
});
