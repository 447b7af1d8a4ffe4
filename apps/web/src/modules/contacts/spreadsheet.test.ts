import { describe, expect, it } from "vitest";
import { contactsCsv } from "./csv";
import { contactRowsFromSheet, isSpreadsheetName, SpreadsheetError } from "./spreadsheet";

describe("contactRowsFromSheet", () => {
  it("finds the columns by their header in any order, language or accent", () => {
    const sheet = contactRowsFromSheet([
      ["E-mail", "Número", "Nome"],
      ["ana@test.dev", 5511987654321, "Ana"],
      ["", "", ""],
      ["", "5511900000000", "Bruno"],
    ]);
    expect(sheet.rows).toEqual([
      { name: "Ana", number: "5511987654321", email: "ana@test.dev" },
      { name: "Bruno", number: "5511900000000", email: "" },
    ]);
    // Each row keeps its sheet line (the header is line 1, the blank line 3 is skipped).
    expect(sheet.lines).toEqual([2, 4]);
  });

  it("reads name, number and email from the first columns when no header is recognised", () => {
    expect(contactRowsFromSheet([["Ana", "5511987654321"]], 3)).toEqual({
      rows: [{ name: "Ana", number: "5511987654321", email: "" }],
      lines: [3],
    });
  });

  it("refuses a sheet with only a header", () => {
    expect(() => contactRowsFromSheet([["name", "number"]])).toThrow(SpreadsheetError);
  });

  it("accepts .xlsx and .xls names only", () => {
    expect(isSpreadsheetName("Contatos.XLSX")).toBe(true);
    expect(isSpreadsheetName("old.xls")).toBe(true);
    expect(isSpreadsheetName("contatos.csv")).toBe(false);
  });
});

describe("contactsCsv", () => {
  it("writes a header and one ;-separated line per contact, quoting fields that need it", () => {
    expect(
      contactsCsv([
        { name: "Ana", number: "5511987654321", email: "ana@test.dev" },
        { name: 'Bruno "B"; Jr', number: "5511900000000", email: "" },
      ]),
    ).toBe('name;number;email\r\nAna;5511987654321;ana@test.dev\r\n"Bruno ""B""; Jr";5511900000000;\r\n');
  });
});
