import type { TFunction } from "i18next";

/** One example contact, as the sample shows it. */
interface SampleRow {
  name: string;
  number: string;
  email: string;
}

/**
 * The sample spreadsheet's cells in the reader's language: the header the upload
 * recognises (Nome/Name/Nombre, Número/Number, E-mail/Email/Correo), then example rows.
 * Numbers are text so that Excel keeps every digit.
 */
export function sampleSheetRows(t: TFunction): string[][] {
  const header = [
    t("contactLists.sample.header.name"),
    t("contactLists.sample.header.number"),
    t("contactLists.sample.header.email"),
  ];
  const rows = t("contactLists.sample.rows", { returnObjects: true }) as SampleRow[];
  return [header, ...rows.map((row) => [row.name, row.number, row.email])];
}

/**
 * Builds the sample .xlsx in the browser and downloads it. The spreadsheet library is
 * loaded only now (it is the contacts import's too), so no page pays for it up front,
 * and the sample speaks the user's language without a file per language on the server.
 */
export async function downloadSampleSpreadsheet(t: TFunction): Promise<void> {
  const XLSX = await import("@e965/xlsx");
  const sheet = XLSX.utils.aoa_to_sheet(sampleSheetRows(t));
  sheet["!cols"] = [{ wch: 28 }, { wch: 18 }, { wch: 30 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t("contactLists.sample.sheet"));
  XLSX.writeFile(book, t("contactLists.sample.fileName"), { bookType: "xlsx", compression: true });
}
