import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));

import type { FlowRecord } from "@atendo/shared";
import { toastError } from "../../api/client";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { FlowNameModal } from "./FlowNameModal";

const api = mockedApi();

const flow = (overrides: Partial<FlowRecord> = {}): FlowRecord => ({
  id: 7,
  name: "Boas-vindas",
  active: true,
  companyId: 3,
  userId: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
const nameField = () => screen.getByRole("textbox", { name: /Nome do fluxo/ }) as HTMLInputElement;

describe("FlowNameModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("refuses an empty, a 1-character and a 51-character name with the spec's messages, without calling the server", async () => {
    render(withQueryClient(<FlowNameModal open flow={null} onClose={vi.fn()} onSaved={vi.fn()} />));
    expect(screen.getByRole("dialog", { name: "Adicionar fluxo" })).toBeTruthy();
    const add = screen.getByRole("button", { name: "Adicionar" });

    fireEvent.click(add);
    expect(await screen.findByText("Digite um nome!")).toBeTruthy();
    expect(nameField().getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(nameField(), { target: { value: "a" } });
    fireEvent.click(add);
    expect(await screen.findByText("Muito curto!")).toBeTruthy();

    fireEvent.change(nameField(), { target: { value: "x".repeat(51) } });
    fireEvent.click(add);
    expect(await screen.findByText("Muito longo!")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("adds a flow by its trimmed name, keeping the button disabled for the submit delay", async () => {
    api.post.mockResolvedValue(flow({ id: 8, name: "Vendas" }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(withQueryClient(<FlowNameModal open flow={null} onClose={onClose} onSaved={onSaved} />));
    fireEvent.change(nameField(), { target: { value: "  Vendas " } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(api.post).toHaveBeenCalledWith("/flowbuilder", { body: { name: "Vendas" } }));
    expect((screen.getByRole("button", { name: "Adicionar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(flow({ id: 8, name: "Vendas" })), { timeout: 2000 });
    expect(onClose).toHaveBeenCalled();
  });

  it("renames a flow: the field starts with its name and PUT /flowbuilder gets the flowId", async () => {
    api.put.mockResolvedValue(flow({ name: "Boas-vindas 2" }));
    const onSaved = vi.fn();
    render(withQueryClient(<FlowNameModal open flow={flow()} onClose={vi.fn()} onSaved={onSaved} />));
    expect(screen.getByRole("dialog", { name: "Editar nome do fluxo" })).toBeTruthy();
    expect(nameField().value).toBe("Boas-vindas");
    fireEvent.change(nameField(), { target: { value: "Boas-vindas 2" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 2000 });
    expect(api.put).toHaveBeenCalledWith("/flowbuilder", { body: { flowId: 7, name: "Boas-vindas 2" } });
  });

  it("keeps the dialog open and shows the error when the server refuses", async () => {
    const refusal = new Error("ERR_NO_PERMISSION");
    api.post.mockRejectedValue(refusal);
    const onClose = vi.fn();
    render(withQueryClient(<FlowNameModal open flow={null} onClose={onClose} onSaved={vi.fn()} />));
    fireEvent.change(nameField(), { target: { value: "Vendas" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal), { timeout: 2000 });
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Adicionar" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
