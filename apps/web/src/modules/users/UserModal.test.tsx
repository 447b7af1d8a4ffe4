import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { api, toastError } from "../../api/client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { makeUser, sessionUser, withQueryClient } from "./testUtils";
import { UserModal } from "./UserModal";

const ADMIN_FIELDS = ["Perfil", "Filas", "Conexão padrão", "Ver chamados pendentes sem fila"];

function signIn(profile: "admin" | "user") {
  vi.mocked(useSession).mockReturnValue({ user: sessionUser(profile) } as SessionValue);
}

function routeGets(routes: Record<string, () => unknown>) {
  mockedApi().get.mockImplementation(async (path) => {
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected GET ${path}`);
    return handler();
  });
}

describe("UserModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("hides the admin-only fields from a non-admin and never sends them", async () => {
    signIn("user");
    routeGets({ "/users/{id}": () => makeUser() });
    vi.mocked(api.put).mockResolvedValue(makeUser({ name: "Ana Souza" }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(withQueryClient(<UserModal open userId={5} onClose={onClose} onSaved={onSaved} />));

    const name = (await screen.findByRole("textbox", { name: /Nome/ })) as HTMLInputElement;
    expect(name.value).toBe("Ana");
    expect(document.activeElement).toBe(name);
    expect(screen.getByText("Deixe em branco para manter a senha atual")).toBeTruthy();
    for (const label of ADMIN_FIELDS) expect(screen.queryByRole("combobox", { name: label })).toBeNull();
    expect(mockedApi().get.mock.calls.map(([path, options]) => [path, options?.params])).toEqual([
      ["/users/{id}", { id: 5 }],
    ]);

    fireEvent.change(name, { target: { value: "Ana Souza" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // A blank password keeps the old one, and no admin-only field travels.
    expect(api.put).toHaveBeenCalledWith("/users/{id}", {
      params: { id: 5 },
      body: { name: "Ana Souza", email: "ana@example.com" },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the admin-only fields to an admin and tolerates a missing connection list", async () => {
    signIn("admin");
    routeGets({
      "/queue": () => [{ id: 1, name: "Vendas", color: "#2196f3", greetingMessage: "" }],
      "/whatsapp": () => Promise.reject(new Error("404")),
    });
    render(withQueryClient(<UserModal open onClose={() => undefined} />));

    expect(screen.getByRole("heading", { name: "Adicionar usuário" })).toBeTruthy();
    for (const label of ADMIN_FIELDS) expect(screen.getByRole("combobox", { name: label })).toBeTruthy();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith("/whatsapp", expect.anything()));
    expect(screen.getByRole("combobox", { name: "Conexão padrão" }).textContent).toContain("Nenhuma");
    expect(toastError).not.toHaveBeenCalled();
  });

  it("requires name, email and password when adding, with translated messages", async () => {
    signIn("admin");
    routeGets({ "/queue": () => [], "/whatsapp": () => [] });
    render(withQueryClient(<UserModal open onClose={() => undefined} />));

    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(3);

    fireEvent.change(screen.getByRole("textbox", { name: /Nome/ }), { target: { value: "A" } });
    fireEvent.change(screen.getByRole("textbox", { name: /E-mail/ }), { target: { value: "not-an-email" } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: "1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findAllByText("Muito curto!")).toHaveLength(2);
    expect(screen.getByText("E-mail inválido")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("creates a user with the admin fields and shows server errors", async () => {
    signIn("admin");
    routeGets({ "/queue": () => [], "/whatsapp": () => [{ id: 4, name: "Comercial" }] });
    const failure = new Error("ERR_EMAIL_ALREADY_EXISTS");
    vi.mocked(api.post)
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(makeUser({ id: 9 }));
    const onSaved = vi.fn();
    render(withQueryClient(<UserModal open onClose={() => undefined} onSaved={onSaved} />));

    fireEvent.change(screen.getByRole("textbox", { name: /Nome/ }), { target: { value: "Bia" } });
    fireEvent.change(screen.getByRole("textbox", { name: /E-mail/ }), { target: { value: "bia@example.com" } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: "12345" } });
    // Enter in a field submits the form.
    fireEvent.submit(screen.getByRole("textbox", { name: /Nome/ }).closest("form")!);

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(failure));
    expect(onSaved).not.toHaveBeenCalled();
    expect(api.post).toHaveBeenCalledWith("/users", {
      body: {
        name: "Bia",
        email: "bia@example.com",
        password: "12345",
        profile: "user",
        allTicket: "desabled",
        whatsappId: null,
        queueIds: [],
      },
    });

    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
  });
});
