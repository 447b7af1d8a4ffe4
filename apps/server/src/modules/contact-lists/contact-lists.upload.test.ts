import { randomInt } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { CONTACT_LIST_UPLOAD_MAX_BYTES, CONTACT_LIST_UPLOAD_MAX_ROWS, companyEvent } from "@atendo/shared";
import * as XLSX from "@e965/xlsx";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contactListItems } from "../../db/schema/index.js";
import { declaredUnzippedBytes } from "./contact-lists.spreadsheet.js";
import { sortSheetRows } from "./contact-lists.upload.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

type Headers = Record<string, string>;
type Cell = string | number;
const newNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A workbook as a person would make it: one sheet, a header row, then one contact per row. */
function workbook(rows: Cell[][], bookType: "xlsx" | "biff8" = "xlsx", header: Cell[] = ["Nome", "Número", "E-mail"]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

async function upload(headers: Headers, listId: number, file?: { data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  if (file) form.append("file", new Blob([file.data], { type: file.type ?? XLSX_TYPE }), file.name);
  const encoded = new Response(form);
  return env.app.inject({
    method: "POST",
    url: `/contact-lists/${listId}/upload`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") ?? "" },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function newList(headers: Headers, name = "Importada") {
  const response = await env.app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name } });
  return response.json() as { id: number };
}

const itemsOf = (listId: number) =>
  env.db
    .select()
    .from(contactListItems)
    .where(eq(contactListItems.contactListId, listId))
    .orderBy(asc(contactListItems.id));

describe("POST /contact-lists/{id}/upload", () => {
  it("a spreadsheet with 3 bad rows lists 3 errors and imports the rest", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const good = [
      { name: "Ana Lima", number: newNumber(), email: "ana@test.dev" },
      { name: "Bruno Reis", number: newNumber(), email: "" },
      { name: "Carla Dias", number: newNumber(), email: "carla@test.dev" },
      { name: "Davi Melo", number: newNumber(), email: "" },
    ];
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const response = await upload(adminHeaders, list.id, {
      name: "clientes.xlsx",
      data: workbook([
        [good[0]!.name, Number(good[0]!.number), good[0]!.email],
        ["", newNumber(), ""],
        [good[1]!.name, `+${good[1]!.number.slice(0, 2)} (${good[1]!.number.slice(2, 4)}) ${good[1]!.number.slice(4)}`],
        ["Número curto", "1234", ""],
        [good[2]!.name, good[2]!.number, good[2]!.email],
        ["E-mail ruim", newNumber(), "not-an-email"],
        [good[3]!.name, good[3]!.number, good[3]!.email],
      ]),
    });

    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ rows: 7, imported: 4 });
    expect(answer.errors).toEqual([
      { row: 3, name: "", number: expect.any(String), email: "", reason: "required", field: "name" },
      { row: 5, name: "Número curto", number: "1234", email: "", reason: "tooShort", field: "number" },
      {
        row: 7,
        name: "E-mail ruim",
        number: expect.any(String),
        email: "not-an-email",
        reason: "invalidEmail",
        field: "email",
      },
    ]);
    const items = await itemsOf(list.id);
    expect(
      items.map(({ name, number, email, companyId, isWhatsappValid }) => ({
        name,
        number,
        email,
        companyId,
        isWhatsappValid,
      })),
    ).toEqual(good.map((row) => ({ ...row, companyId: company.id, isWhatsappValid: null })));
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "update",
      contactList: { id: list.id, name: "Importada", contactsCount: 4 },
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactListItem(company.id), {
      action: "reload",
      contactListId: list.id,
    });
  });

  it("reads .xls too, finds columns by their header, and reports numbers repeated in the file or in the list", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const held = newNumber();
    const repeated = newNumber();
    await env.app.inject({
      method: "POST",
      url: "/contact-list-items",
      headers: adminHeaders,
      payload: { contactListId: list.id, name: "Already here", number: held },
    });

    const response = await upload(adminHeaders, list.id, {
      name: "Planilha Antiga.XLS",
      type: "application/vnd.ms-excel",
      data: workbook(
        [
          ["x@test.dev", repeated, "Primeira"],
          ["", "", ""],
          ["y@test.dev", repeated, "Repetida"],
          ["", held, "Na lista"],
        ],
        "biff8",
        ["E-mail", "Telefone", "Contato"],
      ),
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      rows: 3,
      imported: 1,
      errors: [
        {
          row: 4,
          name: "Repetida",
          number: repeated,
          email: "y@test.dev",
          reason: "duplicateInFile",
          field: "number",
          firstRow: 2,
        },
        { row: 5, name: "Na lista", number: held, email: "", reason: "duplicateInList", field: "number" },
      ],
    });
    const names = (await itemsOf(list.id)).map((item) => item.name);
    expect(names).toEqual(["Already here", "Primeira"]);
  });

  it("judges the file by its bytes: markup, CSV or a renamed file are refused whatever their name", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const cases = [
      { name: "contatos.xlsx", data: Buffer.from("<html><body><table><tr><td>Ana</td></tr></table></body></html>") },
      { name: "contatos.xls", data: Buffer.from("Nome;Número\nAna;5511999990001\n") },
      { name: "contatos.xlsx", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>') },
      { name: "contatos.xlsx", data: workbook([["Ana", newNumber()]], "biff8") },
      { name: "contatos.pdf", data: Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1") },
    ];
    for (const file of cases) {
      const response = await upload(adminHeaders, list.id, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toMatchObject({
        error: "ERR_VALIDATION",
        fields: [{ path: "body.file", message: "unsupportedType" }],
      });
    }
    expect(await itemsOf(list.id)).toEqual([]);
  });

  it("answers a field error for a missing file, a sheet without rows, too many rows, or a body that is not multipart", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const fileError = async (file: Parameters<typeof upload>[2], message: string) => {
      const response = await upload(adminHeaders, list.id, file);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().fields).toEqual([{ path: "body.file", message }]);
    };
    await fileError(undefined, "required");
    await fileError({ name: "vazia.xlsx", data: workbook([]) }, "noRows");
    const many = Array.from({ length: CONTACT_LIST_UPLOAD_MAX_ROWS + 1 }, (_, index) => [
      `Pessoa ${index}`,
      `55119${String(index).padStart(8, "0")}`,
    ]);
    await fileError({ name: "grande.xlsx", data: workbook(many) }, "tooManyRows");
    const notMultipart = await env.app.inject({
      method: "POST",
      url: `/contact-lists/${list.id}/upload`,
      headers: adminHeaders,
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await itemsOf(list.id)).toEqual([]);
  }, 30_000);

  it("refuses a file over the size limit with 413, and another company's list with 404 before reading the file", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const large = await upload(adminHeaders, list.id, {
      name: "enorme.xlsx",
      data: Buffer.alloc(CONTACT_LIST_UPLOAD_MAX_BYTES + 1, 1),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");

    const other = await newTenant(env);
    const foreign = await upload(other.adminHeaders, list.id, {
      name: "a.xlsx",
      data: workbook([["Ana", newNumber()]]),
    });
    expect(foreign.statusCode).toBe(404);
    const rows = await env.db
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, list.id)));
    expect(rows).toEqual([]);
  });
});

/** A zip of one deflated entry, as an .xlsx is built, declaring `declared` bytes once unzipped. */
function zipOf(name: string, content: Buffer, declared = content.length): Buffer {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

describe("declaredUnzippedBytes", () => {
  it("sums what a zip's entries declare, and reads a real .xlsx", () => {
    expect(declaredUnzippedBytes(zipOf("a.xml", Buffer.alloc(1000, 65)))).toBe(1000);
    expect(declaredUnzippedBytes(zipOf("a.xml", Buffer.alloc(10, 65), 0xfffffff0))).toBe(0xfffffff0);
    const real = declaredUnzippedBytes(workbook([["Ana", newNumber()]]));
    expect(real).toBeGreaterThan(1000);
    expect(real).toBeLessThan(100_000);
  });

  it("answers undefined for bytes that are not a readable zip, or use zip64 sizes", () => {
    expect(declaredUnzippedBytes(Buffer.from("not a zip at all, just some text"))).toBeUndefined();
    expect(declaredUnzippedBytes(zipOf("a.xml", Buffer.alloc(10), 0xffffffff))).toBeUndefined();
    const broken = zipOf("a.xml", Buffer.alloc(10));
    broken.writeUInt32LE(5, broken.length - 6);
    expect(declaredUnzippedBytes(broken)).toBeUndefined();
  });

  it("makes the upload refuse a spreadsheet that would unzip past the limit", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await newList(adminHeaders);
    const real = workbook([["Ana", newNumber()]]);
    // A real workbook whose sheet claims 100 MB: what a zip bomb declares.
    const bomb = Buffer.from(real);
    for (let offset = bomb.length - 22; offset > 0; offset--) {
      if (bomb.readUInt32LE(offset) !== 0x02014b50) continue;
      bomb.writeUInt32LE(100 * 1024 * 1024, offset + 24);
      break;
    }
    const response = await upload(adminHeaders, list.id, { name: "bomba.xlsx", data: bomb });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: "body.file", message: "unreadable" }]);
  });
});

describe("sortSheetRows", () => {
  it("keeps the first row of each number and names the reason of every other", () => {
    const rows = [
      { line: 2, name: "Ana", number: "55 11 90000-0001", email: "" },
      { line: 3, name: "Bia", number: "5511900000001", email: "" },
      { line: 4, name: "C", number: "5511900000002", email: "" },
      { line: 5, name: "Dan", number: "5511900000003", email: "dan@" },
    ];
    const { accepted, errors } = sortSheetRows(rows);
    expect(accepted).toEqual([{ item: { name: "Ana", number: "5511900000001", email: "" }, row: rows[0] }]);
    expect(errors.map((error) => [error.row, error.reason, error.field, error.firstRow])).toEqual([
      [3, "duplicateInFile", "number", 2],
      [4, "tooShort", "name", undefined],
      [5, "invalidEmail", "email", undefined],
    ]);
  });
});
