import { CONTACT_UPLOAD_MAX_ROWS, type ContactUploadRow, sheetContactRows } from "@atendo/shared";

/** Document 1 section 5: contacts are imported from .xlsx (.xls is read too). */
export const SPREADSHEET_EXTENSIONS = [".xlsx", ".xls"] as const;
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.join(",");

export function isSpreadsheetName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return SPREADSHEET_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export class SpreadsheetError extends Error {
  constructor(readonly reason: "noRows" | "tooManyRows" | "unreadable") {
    super(reason);
    this.name = "SpreadsheetError";
  }
}

/** The contact rows of a sheet, with the sheet line (1-based) each came from, for error messages. */
export interface SheetContacts {
  rows: ContactUploadRow[];
  lines: number[];
}

/**
 * Turns a sheet's rows (first row the header) into contact rows, by the shared reading rule
 * (sheetContactRows): columns found by their header, blank rows skipped.
 */
export function contactRowsFromSheet(table: readonly (readonly unknown[])[], firstSheetLine = 1): SheetContacts {
  const read = sheetContactRows(table, firstSheetLine);
  if (read.length === 0) throw new SpreadsheetError("noRows");
  if (read.length > CONTACT_UPLOAD_MAX_ROWS) throw new SpreadsheetError("tooManyRows");
  return {
    rows: read.map(({ name, number, email }) => ({ name, number, email })),
    lines: read.map((row) => row.line),
  };
}

/** Reads the first sheet of a spreadsheet file; the parser is loaded only when a file is imported. */
export async function readContactSpreadsheet(file: File): Promise<SheetContacts> {
  const XLSX = await import("@e965/xlsx");
  let table: unknown[][];
  let firstLine: number;
  try {
    const workbook = XLSX.read(await file.arrayBuffer(), { type: "array" });
    const sheetName = workbook.SheetNames[0];
    const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
    if (!sheet) throw new SpreadsheetError("noRows");
    // The used range may start below line 1; blank rows are kept so that each entry's index is its sheet line.
    firstLine = XLSX.utils.decode_range(sheet["!ref"] ?? "A1").s.r + 1;
    table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true, defval: "" });
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError("unreadable");
  }
  return contactRowsFromSheet(table, firstLine);
}
