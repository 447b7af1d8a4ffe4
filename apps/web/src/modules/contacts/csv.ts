import type { ContactSummary } from "@atendo/shared";

/** Document 2 section 9: the export is contatos.csv, separated by semicolons. */
export const CONTACTS_CSV_NAME = "contatos.csv";
const SEPARATOR = ";";

/** Quotes a field only when it holds the separator, a quote or a line break (RFC 4180 style). */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV text of the contacts: a header row, then name, number and email per contact. */
export function contactsCsv(contacts: readonly Pick<ContactSummary, "name" | "number" | "email">[]): string {
  const lines = [["name", "number", "email"].join(SEPARATOR)];
  for (const contact of contacts) {
    lines.push([contact.name, contact.number, contact.email].map(csvField).join(SEPARATOR));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Hands the text to the browser as a download; the BOM makes spreadsheet programs read UTF-8. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
