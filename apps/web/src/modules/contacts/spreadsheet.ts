import { CONTACT_UPLOAD_MAX_ROWS, type ContactUploadRow } from "@atendo/shared";

/** Document 1 section 5: contacts are imported from .xlsx (.xls is read too). */
export const SPREADSHEET_EXTENSIONS = [".xlsx", ".xls"] as const;
export const SPREADSHEET_ACCEPT = SPREADSHEET_EXTENSIONS.join(",");

export function isSpreadsheetName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return SPREADSHEET_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

type Field = keyof ContactUploadRow;

/** Header texts people use for each column, compared without case, accents or punctuation. */
const HEADERS: Record<Field, readonly string[]> = {
  name: ["name", "nome", "nombre", "contato", "contact", "contacto"],
  number: ["number", "numero", "telefone", "phone", "celular", "whatsapp", "fone", "telefono", "movil"],
  email: ["email", "mail", "correo", "correoelectronico"],
};

function normalise(header: unknown): string {
  return String(header ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  // Long numbers typed into Excel arrive as numbers: print them whole, never as 5.5119e+12.
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
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
 * Turns a sheet's rows (first row the header) into contact rows. Columns are found by
 * their header; a sheet whose header names none of them is read as name, number, email
 * in the first three columns, header row included. Blank rows are skipped.
 */
export function contactRowsFromSheet(table: readonly (readonly unknown[])[], firstSheetLine = 1): SheetContacts {
  const [header = [], ...rest] = table;
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((title, index) => {
    const key = normalise(title);
    for (const field of Object.keys(HEADERS) as Field[]) {
      if (columns[field] === undefined && HEADERS[field].includes(key)) columns[field] = index;
    }
  });
  const headed = columns.name !== undefined || columns.number !== undefined;
  const body = headed ? rest : table;
  const firstLine = firstSheetLine + (headed ? 1 : 0);
  const at = (field: Field, fallback: number) => (headed ? columns[field] : fallback);

  const result: SheetContacts = { rows: [], lines: [] };
  body.forEach((line, index) => {
    const pick = (column: number | undefined) => (column === undefined ? "" : cellText(line?.[column]));
    const row = { name: pick(at("name", 0)), number: pick(at("number", 1)), email: pick(at("email", 2)) };
    if (!row.name && !row.number && !row.email) return;
    result.rows.push(row);
    result.lines.push(firstLine + index);
  });
  if (result.rows.length === 0) throw new SpreadsheetError("noRows");
  if (result.rows.length > CONTACT_UPLOAD_MAX_ROWS) throw new SpreadsheetError("tooManyRows");
  return result;
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
