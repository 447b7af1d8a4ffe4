import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});

import type { Contact } from "@atendo/shared";
import { ApiError, api, toastError } from "../../api/client";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { ContactModal } from "./ContactModal";

const saved = (overrides: Partial<Contact> = {}): Contact => ({
  id: 9,
  name: "Ana",
  number: "5511987654321",
  email: "",
  profilePicUrl: "",
  isGroup: false,
  extraInfo: [],
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  ...overrides,
});

const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;

describe("ContactModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("creates a contact from the prefilled name, keeping only the number's digits and the extra information", async () => {
    vi.mocked(api.post).mockResolvedValue(saved({ name: "Ana Souza" }));
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(
      withQueryClient(<ContactModal open initialValues={{ name: "Ana Souza" }} onClose={onClose} onSave={onSave} />),
    );

    expect(field(/^Nome\s*\*?$/).value).toBe("Ana Souza");
    fireEvent.change(field(/Número do WhatsApp/), { target: { value: "+55 (11) 98765-4321" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar informação" }));
    fireEvent.change(field(/Nome do campo/), { target: { value: "CPF" } });
    fireEvent.change(field(/Valor/), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ id: 9, name: "Ana Souza", number: "5511987654321" }));
    expect(api.post).toHaveBeenCalledWith("/contacts", {
      body: {
        name: "Ana Souza",
        number: "5511987654321",
        email: "",
        extraInfo: [{ name: "CPF", value: "123" }],
      },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses an empty name and a short number without calling the server", async () => {
    render(withQueryClient(<ContactModal open onClose={vi.fn()} />));
    fireEvent.change(field(/Número do WhatsApp/), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(screen.getByText("Muito curto!")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows a duplicate number on the number field and keeps the dialog open", async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError(409, { error: "ERR_DUPLICATED_CONTACT" }));
    const onClose = vi.fn();
    render(withQueryClient(<ContactModal open onClose={onClose} />));
    fireEvent.change(field(/^Nome\s*\*?$/), { target: { value: "Ana" } });
    fireEvent.change(field(/Número do WhatsApp/), { target: { value: "5511987654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Já existe um contato com este número.")).toBeTruthy();
    expect(field(/Número do WhatsApp/).getAttribute("aria-invalid")).toBe("true");
    expect(toastError).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("edits a contact loaded from the server and sends the changes with PUT", async () => {
    vi.mocked(api.get).mockResolvedValue(saved({ extraInfo: [{ id: 1, name: "CPF", value: "1" }] }));
    vi.mocked(api.put).mockResolvedValue(saved({ name: "Ana Maria" }));
    const onSave = vi.fn();
    render(withQueryClient(<ContactModal open contactId={9} onClose={vi.fn()} onSave={onSave} />));

    const name = await screen.findByRole("textbox", { name: /^Nome\s*\*?$/ });
    expect(field(/Valor/).value).toBe("1");
    fireEvent.change(name, { target: { value: "Ana Maria" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(api.get).toHaveBeenCalledWith("/contacts/{id}", expect.objectContaining({ params: { id: 9 } }));
    expect(api.put).toHaveBeenCalledWith("/contacts/{id}", {
      params: { id: 9 },
      body: {
        name: "Ana Maria",
        number: "5511987654321",
        email: "",
        extraInfo: [{ name: "CPF", value: "1" }],
      },
    });
  });
});
