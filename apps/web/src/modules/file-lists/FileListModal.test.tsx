import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});

import type { FileList } from "@atendo/shared";
import { ApiError, toastError } from "../../api/client";
import { mockedApi, type SentOptions } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { FileListModal } from "./FileListModal";

const api = mockedApi();

const list = (options: FileList["options"]): FileList => ({
  id: 5,
  name: "Catálogo",
  message: "Arquivos de maio",
  options,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const stored = (id: number, name: string, mediaName = "") => ({
  id,
  name,
  path: mediaName ? `/public/company1/${id}.png` : "",
  mediaType: mediaName ? "image/png" : "",
  mediaName,
});
const png = (name: string) => new File([new Uint8Array(2048)], name, { type: "image/png" });
const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const sentForm = (call: [string, SentOptions?] | undefined) => call?.[1]?.body as FormData;

describe("FileListModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("creates the list with its entries, then uploads each chosen file to the entry the server created", async () => {
    const uploaded = new Map<number, string>();
    api.post.mockImplementation(async (path, options) => {
      if (path !== "/files") {
        const form = options?.body as FormData;
        uploaded.set(Number(form.get("id")), (form.get("files") as File).name);
      }
      return list([stored(11, "Tabela", uploaded.get(11)), stored(12, "", uploaded.get(12))]);
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(withQueryClient(<FileListModal open fileListId={null} onClose={onClose} onSaved={onSaved} />));

    fireEvent.change(field(/Nome da lista/), { target: { value: "Catálogo" } });
    fireEvent.change(field(/Detalhes da lista/), { target: { value: "Arquivos de maio" } });
    fireEvent.change(screen.getByTestId("file-list-picker"), { target: { files: [png("a.png"), png("b.png")] } });
    expect(await screen.findByText("a.png")).toBeTruthy();
    fireEvent.change(screen.getAllByRole("textbox", { name: /Mensagem enviada com o arquivo/ })[0]!, {
      target: { value: "Tabela" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 3000 });
    expect(api.post.mock.calls[0]).toEqual([
      "/files",
      { body: { name: "Catálogo", message: "Arquivos de maio", options: [{ name: "Tabela" }, { name: "" }] } },
    ]);
    const uploads = api.post.mock.calls.slice(1);
    expect(uploads.map(([path, options]) => [path, options?.params])).toEqual([
      ["/files/uploadList/{id}", { id: 5 }],
      ["/files/uploadList/{id}", { id: 5 }],
    ]);
    expect(uploads.map((call) => [sentForm(call).get("id"), (sentForm(call).get("files") as File).name])).toEqual([
      ["11", "a.png"],
      ["12", "b.png"],
    ]);
    expect(onSaved.mock.calls[0]?.[0].options.map((option: { mediaName: string }) => option.mediaName)).toEqual([
      "a.png",
      "b.png",
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("asks for the name, the details and a file for every entry without calling the server", async () => {
    api.get.mockResolvedValue(list([stored(11, "sem arquivo")]));
    render(withQueryClient(<FileListModal open fileListId={5} onClose={vi.fn()} onSaved={vi.fn()} />));
    await screen.findByDisplayValue("Catálogo");
    fireEvent.change(field(/Nome da lista/), { target: { value: "ab" } });
    fireEvent.change(field(/Detalhes da lista/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect(screen.getByText("Obrigatório")).toBeTruthy();
    expect(screen.getByText("Escolha um arquivo")).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it("keeps the saved list after a refused upload, so saving again updates it instead of creating another", async () => {
    api.post.mockImplementation(async (path) => {
      if (path === "/files") return list([stored(11, "")]);
      throw new ApiError(400, {
        error: "ERR_VALIDATION",
        fields: [{ path: "body.files.0", message: "unsupportedType" }],
      });
    });
    api.put.mockResolvedValue(list([stored(11, "")]));
    const onClose = vi.fn();
    render(withQueryClient(<FileListModal open fileListId={null} onClose={onClose} onSaved={vi.fn()} />));
    fireEvent.change(field(/Nome da lista/), { target: { value: "Catálogo" } });
    fireEvent.change(field(/Detalhes da lista/), { target: { value: "Arquivos de maio" } });
    fireEvent.change(screen.getByTestId("file-list-picker"), { target: { files: [png("setup.png")] } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(toastError).toHaveBeenCalled(), { timeout: 3000 });
    expect(vi.mocked(toastError).mock.calls[0]?.[0]).toEqual(
      new Error("setup.png: este tipo de arquivo não é aceito."),
    );
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(api.put).toHaveBeenCalled(), { timeout: 3000 });
    expect(api.put.mock.calls[0]).toEqual([
      "/files/{id}",
      { params: { id: 5 }, body: { name: "Catálogo", message: "Arquivos de maio", options: [{ id: 11, name: "" }] } },
    ]);
    expect(api.post.mock.calls.filter(([path]) => path === "/files")).toHaveLength(1);
  });
});
