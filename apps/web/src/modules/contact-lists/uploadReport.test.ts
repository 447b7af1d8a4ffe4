import { CONTACT_LIST_UPLOAD_MAX_BYTES, type ContactListUploadError } from "@atendo/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import i18n from "../../i18n";
import { fileProblem, rowReason, uploadRefusal } from "./uploadReport";

const error = (values: Partial<ContactListUploadError>): ContactListUploadError => ({
  row: 2,
  name: "Ana",
  number: "123",
  email: "",
  reason: "tooShort",
  ...values,
});

describe("the upload report", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("pt");
  });
  const t = i18n.t.bind(i18n);

  it("says why each row was refused", () => {
    expect(rowReason(error({ reason: "required", field: "name" }), t)).toBe("Nome obrigatório");
    expect(rowReason(error({ reason: "tooShort", field: "number" }), t)).toBe("Número muito curto");
    expect(rowReason(error({ reason: "tooLong", field: "name" }), t)).toBe("Nome muito longo");
    expect(rowReason(error({ reason: "invalidEmail", field: "email" }), t)).toBe("E-mail inválido");
    expect(rowReason(error({ reason: "duplicateInList", field: "number" }), t)).toBe("O número já está na lista");
    expect(rowReason(error({ reason: "duplicateInFile", field: "number", firstRow: 4 }), t)).toBe(
      "O número repete a linha 4",
    );
  });

  it("checks the file's extension and size before sending it", () => {
    expect(fileProblem({ name: "Clientes.XLSX", size: 1000 }, t)).toBeNull();
    expect(fileProblem({ name: "antiga.xls", size: 1000 }, t)).toBeNull();
    expect(fileProblem({ name: "contatos.csv", size: 1000 }, t)).toBe("Envie um arquivo .xls ou .xlsx.");
    expect(fileProblem({ name: "grande.xlsx", size: CONTACT_LIST_UPLOAD_MAX_BYTES + 1 }, t)).toBe(
      "A planilha tem mais de 5 MB.",
    );
  });

  it("words the server's refusal of the whole file, and leaves other failures to the error toast", () => {
    const refusal = (message: string) =>
      new ApiError(400, { error: "ERR_VALIDATION", fields: [{ path: "body.file", message }] });
    expect(uploadRefusal(refusal("unsupportedType"), t)).toBe("O arquivo não é uma planilha .xls ou .xlsx.");
    expect(uploadRefusal(refusal("tooManyRows"), t)).toBe("A planilha tem mais de 10.000 linhas.");
    expect(uploadRefusal(new ApiError(413, { error: "ERR_PAYLOAD_TOO_LARGE" }), t)).toBe(
      "A planilha tem mais de 5 MB.",
    );
    expect(uploadRefusal(new ApiError(404, { error: "ERR_NOT_FOUND" }), t)).toBeNull();
    expect(uploadRefusal(new Error("network"), t)).toBeNull();
  });
});

describe("counts in words", () => {
  it("says none rather than 0, which Portuguese would write in the singular", async () => {
    await i18n.changeLanguage("pt");
    expect(i18n.t("contactListItems.count", { count: 0 })).toBe("Nenhum contato");
    expect(i18n.t("contactListItems.count", { count: 1 })).toBe("1 contato");
    expect(i18n.t("contactListItems.import.summary", { count: 0, rows: 3 })).toBe(
      "Nenhum contato importado de 3 linhas.",
    );
  });
});
