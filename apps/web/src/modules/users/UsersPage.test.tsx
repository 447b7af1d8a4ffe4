import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { MemoryRouter } from "react-router-dom";
import type { Socket } from "socket.io-client";
import { api, toastError } from "../../api/client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import { nearBottom } from "../../components";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { makeUser, sessionUser, withQueryClient } from "./testUtils";
import UsersPage from "./UsersPage";

const ana = makeUser({ id: 5, name: "Ana", email: "ana@example.com", profile: "admin" });
const marta = makeUser({ id: 6, name: "Marta", email: "marta@example.com" });

function searchesSent(): string[] {
  return mockedApi()
    .get.mock.calls.filter(([path]) => path === "/users")
    .map(([, options]) => String(options?.query?.searchParam));
}

describe("UsersPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    mockedApi().get.mockImplementation(async (path, options) => {
      if (path !== "/users") throw new Error(`unexpected GET ${path}`);
      const search = String(options?.query?.searchParam ?? "");
      const users = [ana, marta].filter((user) => user.name.toLowerCase().includes(search.toLowerCase()));
      return { users, count: users.length, hasMore: false };
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists users and searches only with at least 3 characters, after the debounce", async () => {
    render(withQueryClient(<UsersPage />));
    expect(await screen.findByRole("cell", { name: "Marta" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Administrador" })).toBeTruthy();
    expect(searchesSent()).toEqual([""]);

    const search = screen.getByRole("searchbox", { name: "Pesquisar por nome ou e-mail" });
    fireEvent.change(search, { target: { value: "ma" } });
    expect(screen.getByText("Digite pelo menos 3 caracteres")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searchesSent()).toEqual([""]);

    fireEvent.change(search, { target: { value: "mar" } });
    await waitFor(() => expect(searchesSent()).toEqual(["", "mar"]), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Ana" })).toBeNull());
    expect(screen.getByRole("cell", { name: "Marta" })).toBeTruthy();
  });

  it("deletes a user after confirmation and shows refusals as toasts", async () => {
    render(withQueryClient(<UsersPage />));
    const row = (await screen.findByRole("cell", { name: "Marta" })).closest("tr")!;

    const refusal = new Error("ERR_CANNOT_DELETE_SELF");
    vi.mocked(api.delete).mockRejectedValueOnce(refusal).mockResolvedValueOnce({ message: "userDeleted" });
    fireEvent.click(within(row).getByRole("button", { name: "Excluir usuário" }));
    fireEvent.click(await screen.findByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("cell", { name: "Marta" })).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Excluir usuário" }));
    fireEvent.click(await screen.findByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Marta" })).toBeNull());
    expect(api.delete).toHaveBeenLastCalledWith("/users/{id}", { params: { id: 6 } });
  });

  it("follows company-{id}-user events", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
      off: (event: string) => handlers.delete(event),
      io: { on: () => undefined, off: () => undefined },
    } as unknown as Socket;
    render(
      withQueryClient(
        <SocketContext.Provider value={socket}>
          <UsersPage />
        </SocketContext.Provider>,
      ),
    );
    await screen.findByRole("cell", { name: "Marta" });
    const emit = (payload: unknown) => act(() => handlers.get("company-3-user")!(payload));

    emit({ action: "create", user: makeUser({ id: 7, name: "Caio", email: "caio@example.com" }) });
    expect(await screen.findByRole("cell", { name: "Caio" })).toBeTruthy();
    emit({ action: "update", user: { ...marta, name: "Marta Lima" } });
    expect(await screen.findByRole("cell", { name: "Marta Lima" })).toBeTruthy();
    emit({ action: "delete", userId: 5 });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Ana" })).toBeNull());
  });

  it("says on a phone's card whether each user is online, which the table's name cell only describes", async () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } })
      .happyDOM;
    happyDOM.setViewport({ width: 390, height: 800 });
    try {
      const online = makeUser({ id: 7, name: "Bia", email: "bia@example.com", online: true });
      mockedApi().get.mockResolvedValue({ users: [online, marta], count: 2, hasMore: false });
      render(withQueryClient(<UsersPage />));
      const presence = async (name: string) => {
        const card = await screen.findByRole("listitem", { name });
        const terms = [...card.querySelectorAll("dt")].map((term) => term.textContent);
        return card.querySelectorAll("dd")[terms.indexOf("Status")]?.textContent;
      };
      expect(await presence("Bia")).toBe("Online");
      expect(await presence("Marta")).toBe("Offline");
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it("tells an attendant the page is not theirs and offers the way back to the tickets", async () => {
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("user") } as SessionValue);
    render(<MemoryRouter>{withQueryClient(<UsersPage />)}</MemoryRouter>);
    const notice = await screen.findByTestId("no-access");
    expect(within(notice).getByRole("link", { name: "Ir para os atendimentos" }).getAttribute("href")).toBe("/tickets");
    expect(searchesSent()).toEqual([]);
  });

  it("shows the empty state when there are no users", async () => {
    vi.mocked(api.get).mockResolvedValue({ users: [], count: 0, hasMore: false });
    render(withQueryClient(<UsersPage />));
    expect(await screen.findByText("Nenhum usuário encontrado")).toBeTruthy();
  });

  it("asks for the next page within 100 px of the bottom", () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 450 })).toBe(false);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 501 })).toBe(true);
  });
});
