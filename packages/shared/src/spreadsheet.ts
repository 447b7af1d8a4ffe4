/*
 * How a spreadsheet of contacts is read, wherever it is read: the contacts import reads
 * it in the browser, the contact-list upload on the server. One rule for both.
 */

export type SheetContactField = "name" | "number" | "email";

/** One contact row of a sheet, with the sheet line (1-based) it came from. */
export interface SheetContactRow {
  line: number;
  name: string;
  number: string;
  email: string;
}

/** Header texts people use for each column, compared without case, accents or punctuation. */
const HEADERS: Record<SheetContactField, readonly string[]> = {
  name: ["name", "nome", "nombre", "contato", "contact", "contacto"],
  number: ["number", "numero", "telefone", "phone", "celular", "whatsapp", "fone", "telefono", "movil"],
  email: ["email", "mail", "correo", "correoelectronico"],
};
const FIELDS = Object.keys(HEADERS) as SheetContactField[];

function normalise(header: unknown): string {
  return String(header ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/** A cell as text. Long numbers typed into Excel arrive as numbers: print them whole, never as 5.5119e+12. */
export function sheetCellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

/**
 * A sheet's contact rows. `table` is the sheet's rows from `firstSheetLine` on, blank rows
 * kept so that each entry's index gives its line. Columns are found by their header (the
 * first row); a sheet whose header names neither a name nor a number is read as name,
 * number, email in the first three columns, first row included. Blank rows are skipped.
 */
export function sheetContactRows(table: readonly (readonly unknown[])[], firstSheetLine = 1): SheetContactRow[] {
  const [header = [], ...rest] = table;
  const columns: Partial<Record<SheetContactField, number>> = {};
  header.forEach((title, index) => {
    const key = normalise(title);
    for (const field of FIELDS) {
      if (columns[field] === undefined && HEADERS[field].includes(key)) columns[field] = index;
    }
  });
  const headed = columns.name !== undefined || columns.number !== undefined;
  const body = headed ? rest : table;
  const firstLine = firstSheetLine + (headed ? 1 : 0);
  const at = (field: SheetContactField, fallback: number) => (headed ? columns[field] : fallback);

  const rows: SheetContactRow[] = [];
  body.forEach((cells, index) => {
    const pick = (column: number | undefined) => (column === undefined ? "" : sheetCellText(cells?.[column]));
    const row = { name: pick(at("name", 0)), number: pick(at("number", 1)), email: pick(at("email", 2)) };
    if (row.name || row.number || row.email) rows.push({ line: firstLine + index, ...row });
  });
  return rows;
}
