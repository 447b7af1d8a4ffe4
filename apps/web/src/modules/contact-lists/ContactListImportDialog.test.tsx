import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});

import type { ContactListUploadAnswer } from "@atendo/shared";
import { ApiError, toastError, type UploadProgress } from "../../api/client";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { ContactListImportDialog } from "./ContactListImportDialog";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const chooseFile = (file: File) =>
  fireEvent.change(screen.getByTestId("contact-list-import-input"), { target: { files: [file] } });

describe("ContactListImportDialog", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("sends the spreadsheet with its progress, then reports the rows added and every refused row", async () => {
    let progress: UploadProgress = () => undefined;
    let answer: (value: ContactListUploadAnswer) => void = () => undefined;
    mockedApi().post.mockImplementation((_path, options) => {
      progress = (options as { onUploadProgress: UploadProgress }).onUploadProgress;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    render(<ContactListImportDialog open contactListId={7} onClose={vi.fn()} />);

    chooseFile(new File(["xlsx bytes"], "clientes.xlsx", { type: XLSX_TYPE }));
    await waitFor(() => expect(mockedApi().post).toHaveBeenCalled());
    const [path, options] = mockedApi().post.mock.calls[0]!;
    expect(path).toBe("/contact-lists/{id}/upload");
    expect(options?.params).toEqual({ id: 7 });
    expect((options!.body as FormData).get("file")).toBeInstanceOf(File);

    progress(40, 100);
    expect(await screen.findByText("Enviando a planilha... 40%")).toBeTruthy();
    progress(100, 100);
    expect(await screen.findByText("Importando as linhas...")).toBeTruthy();
    answer({
      rows: 7,
      imported: 4,
      errors: [
        { row: 3, name: "", number: "5511900000001", email: "", reason: "required", field: "name" },
        { row: 5, name: "Curto", number: "1234", email: "", reason: "tooShort", field: "number" },
        { row: 7, name: "Ruim", number: "5511900000002", email: "x@", reason: "invalidEmail", field: "email" },
      ],
    });

    expect(await screen.findByText("4 contatos importados de 7 linhas.")).toBeTruthy();
    const table = screen.getByRole("table", { name: "3 linhas não foram importadas" });
    const rows = within(table).getAllByTestId("contact-list-import-error");
    expect(rows.map((row) => row.textContent)).toEqual([
      "3—5511900000001—Nome obrigatório",
      "5Curto1234—Número muito curto",
      "7Ruim5511900000002x@E-mail inválido",
    ]);
    expect(screen.getByRole("button", { name: "Importar outra planilha" })).toBeTruthy();
  });

  it("refuses a file that is not .xls or .xlsx without sending it, and words the server's refusal of a file", async () => {
    render(<ContactListImportDialog open contactListId={7} onClose={vi.fn()} />);
    chooseFile(new File(["a;b"], "contatos.csv", { type: "text/csv" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Envie um arquivo .xls ou .xlsx.");
    expect(mockedApi().post).not.toHaveBeenCalled();

    mockedApi().post.mockRejectedValue(
      new ApiError(400, { error: "ERR_VALIDATION", fields: [{ path: "body.file", message: "noRows" }] }),
    );
    chooseFile(new File(["x"], "vazia.xlsx", { type: XLSX_TYPE }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("A planilha não tem linhas de contatos."));
    expect(toastError).not.toHaveBeenCalled();
  });
});
