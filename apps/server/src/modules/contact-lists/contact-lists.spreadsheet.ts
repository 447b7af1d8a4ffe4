import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { CONTACT_LIST_UPLOAD_MAX_ROWS, type SheetContactRow, sheetContactRows } from "@atendo/shared";
import { AppError } from "../../http/errors.js";
import { detectFile } from "../../media/file-kind.js";

/** Why a file cannot be imported, as the field error `body.file` names it. */
export type SpreadsheetProblem = "required" | "unsupportedType" | "unreadable" | "noRows" | "tooManyRows";

export const spreadsheetError = (message: SpreadsheetProblem) =>
  new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message }] });

/**
 * What an .xlsx may declare it unzips to. A zip bomb of a few megabytes would otherwise
 * unfold into gigabytes; a real sheet of the largest size allowed unzips to a few dozen MB.
 */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** Reading runs in a worker bounded in time and heap, so no file can stall or exhaust the server. */
const READ_TIMEOUT_MS = 20_000;
const READ_HEAP_MB = 256;

/**
 * The sum of the uncompressed sizes a zip's central directory declares, or undefined when
 * it cannot be read (then it is no file we read). Zip64 sizes are only for files far
 * beyond the limit, so they count as unreadable too.
 */
export function declaredUnzippedBytes(data: Buffer): number | undefined {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65535.
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let end = data.length - 22; end >= earliest; end--) {
    if (data.readUInt32LE(end) !== END_SIGNATURE) continue;
    const entries = data.readUInt16LE(end + 10);
    let offset = data.readUInt32LE(end + 16);
    let total = 0;
    for (let index = 0; index < entries; index++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== ENTRY_SIGNATURE) return undefined;
      const size = data.readUInt32LE(offset + 24);
      if (size === 0xffffffff) return undefined;
      total += size;
      offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
    }
    return total;
  }
  return undefined;
}

/** What the worker answers: the first sheet's rows from its first used line, or that it could not read it. */
type SheetTable = { table: unknown[][]; firstLine: number; truncated: boolean } | { unreadable: true };

/**
 * Runs in the worker (CommonJS, so `require`): SheetJS reads the first sheet only, at most
 * `maxRows` rows of it, values without formulas or HTML, and blank rows are kept so each
 * row's index gives its line. `truncated` says the sheet went on past `maxRows`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const XLSX = require(workerData.xlsxPath);
try {
  const book = XLSX.read(workerData.data, {
    type: "buffer", dense: true, sheets: 0, sheetRows: workerData.maxRows,
    cellFormula: false, cellHTML: false, cellText: false, bookVBA: false,
  });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet || !sheet["!ref"]) {
    parentPort.postMessage({ table: [], firstLine: 1, truncated: false });
  } else {
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    const full = sheet["!fullref"] ? XLSX.utils.decode_range(sheet["!fullref"]) : range;
    const table = XLSX.utils.sheet_to_json(sheet, { header: 1, blankrows: true, defval: "", raw: true });
    parentPort.postMessage({ table, firstLine: range.s.r + 1, truncated: full.e.r > range.e.r });
  }
} catch {
  parentPort.postMessage({ unreadable: true });
}
`;

const xlsxPath = createRequire(import.meta.url).resolve("@e965/xlsx");

function readInWorker(data: Buffer, maxRows: number): Promise<SheetTable> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { xlsxPath, data, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB },
    });
    let answer: SheetTable = { unreadable: true };
    const timer = setTimeout(() => void worker.terminate(), READ_TIMEOUT_MS);
    worker.once("message", (message: SheetTable) => {
      answer = message;
    });
    // Running out of heap or time ends the worker without an answer: the file is unreadable.
    worker.once("error", () => undefined);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/**
 * The contact rows of an uploaded spreadsheet. Its type comes from its bytes (an .xlsx, or an
 * .xls by name among the old Office files), never from its name alone; HTML, CSV or anything
 * else SheetJS could also read is refused. The header row names the columns (sheetContactRows).
 */
export async function readContactSheet(file: { data: Buffer; fileName: string }): Promise<SheetContactRow[]> {
  const { extension } = await detectFile(file.data, file.fileName);
  if (extension !== "xlsx" && extension !== "xls") throw spreadsheetError("unsupportedType");
  if (extension === "xlsx") {
    const unzipped = declaredUnzippedBytes(file.data);
    if (unzipped === undefined || unzipped > MAX_UNZIPPED_BYTES) throw spreadsheetError("unreadable");
  }
  // The header and every row allowed: a sheet longer than that has too many rows.
  const read = await readInWorker(file.data, CONTACT_LIST_UPLOAD_MAX_ROWS + 1);
  if ("unreadable" in read) throw spreadsheetError("unreadable");
  if (read.truncated) throw spreadsheetError("tooManyRows");
  const rows = sheetContactRows(read.table, read.firstLine);
  if (rows.length === 0) throw spreadsheetError("noRows");
  if (rows.length > CONTACT_LIST_UPLOAD_MAX_ROWS) throw spreadsheetError("tooManyRows");
  return rows;
}
