import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import type { FileList } from "@atendo/shared";
import type { Socket } from "socket.io-client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import FilesPage from "./FilesPage";

const api = mockedApi();
const fileList = (id: number, name: string, files = 1): FileList => ({
  id,
  name,
  message: `Detalhes de ${name}`,
  options: Array.from({ length: files }, (_, index) => ({
    id: id * 10 + index,
    name: "",
    path: `/public/company3/${id}-${index}.pdf`,
    mediaType: "application/pdf",
    mediaName: `${index}.pdf`,
  })),
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T10:30:00.000Z",
});

function renderPage() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  } as unknown as Socket;
  render(
    withQueryClient(
      <SocketContext.Provider value={socket}>
        <FilesPage />
      </SocketContext.Provider>,
    ),
  );
  return (payload: unknown) => act(() => handlers.get("company-3-file")!(payload));
}

describe("FilesPage", () => {
  let lists: FileList[];
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    lists = [fileList(1, "Catálogo", 2), fileList(2, "Promoções")];
    api.get.mockImplementation(async (path, options) => {
      if (path !== "/files") throw new Error(`unexpected GET ${path}`);
      const search = String(options?.query?.searchParam ?? "").toLowerCase();
      const files = lists.filter((list) => list.name.toLowerCase().includes(search));
      return { files, count: files.length, hasMore: false };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists the company's file lists with their file count, and follows company-{id}-file events", async () => {
    const emit = renderPage();
    expect(await screen.findByText("Catálogo")).toBeTruthy();
    expect(screen.getByText("2 arquivos")).toBeTruthy();
    expect(screen.getByText("1 arquivo")).toBeTruthy();

    lists = [...lists, fileList(3, "Cardápio")];
    emit({ action: "create", file: lists[2] });
    expect(await screen.findByText("Cardápio")).toBeTruthy();
    emit({ action: "update", file: { ...lists[1]!, name: "Promoções de maio" } });
    expect(await screen.findByText("Promoções de maio")).toBeTruthy();
    emit({ action: "delete", fileId: 1 });
    await waitFor(() => expect(screen.queryByText("Catálogo")).toBeNull());
  });

  it("deletes a list after confirming", async () => {
    api.delete.mockResolvedValue({ message: "fileListDeleted" });
    renderPage();
    const row = (await screen.findByText("Promoções")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Excluir lista" }));
    expect(await screen.findByText("Excluir a lista Promoções?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Promoções")).toBeNull());
    expect(api.delete).toHaveBeenCalledWith("/files/{id}", { params: { id: 2 } });
  });

  it("shows the empty state when there are no lists", async () => {
    lists = [];
    renderPage();
    expect(await screen.findByText("Nenhuma lista de arquivos")).toBeTruthy();
    expect(screen.getByText(/Reúna imagens/)).toBeTruthy();
  });
});
