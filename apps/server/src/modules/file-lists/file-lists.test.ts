import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { companyEvent, FILE_LIST_MAX_OPTIONS, PAGE_SIZE, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { fileListFiles } from "./file-lists.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;
interface Option {
  id: number;
  name: string;
  path: string;
  mediaType: string;
  mediaName: string;
}
interface FileListAnswer {
  id: number;
  name: string;
  message: string;
  options: Option[];
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);
const sized = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 1)]);

interface UploadFile {
  data: Buffer;
  name: string;
  type: string;
}

/** The form as the original client builds it: per file, `files`, then `mediaType` and the entry's `id`. */
async function form(files: UploadFile[], ids: (number | string)[], extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  files.forEach((file, index) => {
    body.append("files", new Blob([file.data], { type: file.type }), file.name);
    body.append("mediaType", file.type);
    if (ids[index] !== undefined) body.append("id", String(ids[index]));
  });
  for (const id of ids.slice(files.length)) body.append("id", String(id));
  const encoded = new Response(body);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}

async function upload(headers: Headers, listId: number, files: UploadFile[], ids: (number | string)[]) {
  const body = await form(files, ids, { typeArch: "fileList", fileId: String(listId) });
  return env.app.inject({
    method: "POST",
    url: `/files/uploadList/${listId}`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function create(headers: Headers, payload: Record<string, unknown>): Promise<FileListAnswer> {
  const response = await env.app.inject({ method: "POST", url: "/files", headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const storedPath = (publicUrl: string) => join(env.ctx.media.root, publicUrl.replace(/^\/public\//, ""));

describe("POST /files", () => {
  it("creates a list with its entries for the caller's company, ignoring client paths, and emits create", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "POST",
      url: "/files",
      headers: adminHeaders,
      payload: {
        name: "  Catálogo  ",
        message: "Arquivos da campanha de maio",
        companyId: 999999,
        userId: 1,
        options: [{ name: "Tabela de preços", path: "../../etc/passwd", mediaType: "text/html" }, { name: "" }, {}],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as FileListAnswer;
    expect(list).toEqual({
      id: expect.any(Number),
      name: "Catálogo",
      message: "Arquivos da campanha de maio",
      options: [
        { id: expect.any(Number), name: "Tabela de preços", path: "", mediaType: "", mediaName: "" },
        { id: expect.any(Number), name: "", path: "", mediaType: "", mediaName: "" },
        { id: expect.any(Number), name: "", path: "", mediaType: "", mediaName: "" },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(list.options.map((option) => option.id)).toEqual([...list.options.map((option) => option.id)].sort());
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.file(company.id), { action: "create", file: list });
    const shown = await env.app.inject({ url: `/files/${list.id}`, headers: adminHeaders });
    expect(shown.json()).toEqual(list);
  });

  it("answers ERR_VALIDATION for the spec's rules: name of 3+, message required, bounded entries", async () => {
    const { adminHeaders } = await newTenant(env);
    for (const [payload, path, message] of [
      [{ message: "x" }, "body.name", undefined],
      [{ name: "ab", message: "x" }, "body.name", "tooShort"],
      [{ name: "   ", message: "x" }, "body.name", "required"],
      [{ name: "Lista", message: "  " }, "body.message", "required"],
      [{ name: "Lista" }, "body.message", undefined],
      [{ name: "Lista", message: "x", options: [{ name: "y".repeat(1001) }] }, "body.options.0.name", "tooLong"],
      [
        { name: "Lista", message: "x", options: Array.from({ length: FILE_LIST_MAX_OPTIONS + 1 }, () => ({})) },
        "body.options",
        "tooMany",
      ],
    ] as const) {
      const response = await env.app.inject({ method: "POST", url: "/files", headers: adminHeaders, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      const fields = response.json().fields as { path: string; message: string }[];
      expect(fields.map((field) => field.path)).toContain(path);
      if (message) expect(fields.find((field) => field.path === path)?.message).toBe(message);
    }
  });

  it("is for admins", async () => {
    const { agentHeaders } = await newTenant(env);
    for (const [method, url] of [
      ["GET", "/files"],
      ["POST", "/files"],
      ["GET", "/files/1"],
      ["PUT", "/files/1"],
      ["DELETE", "/files/1"],
      ["POST", "/files/uploadList/1"],
    ] as const) {
      const response = await env.app.inject({
        method,
        url,
        headers: agentHeaders,
        ...(method === "POST" || method === "PUT" ? { payload: { name: "Lista", message: "x" } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect((await env.app.inject({ url: "/files" })).statusCode).toBe(401);
  });
});

describe("GET /files/", () => {
  it("pages the company's lists by name, searches the name, ignores companyId and says hasMore", async () => {
    const { adminHeaders } = await newTenant(env);
    await create((await newTenant(env)).adminHeaders, { name: "Elsewhere", message: "x" });
    for (let i = PAGE_SIZE; i >= 0; i--) {
      await create(adminHeaders, {
        name: `Lista ${String(i).padStart(2, "0")}`,
        message: "x",
        options: [{ name: "a" }],
      });
    }
    await create(adminHeaders, { name: "Promoção 50%", message: "x" });

    const first = await env.app.inject({ url: "/files/?companyId=999999", headers: adminHeaders });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: PAGE_SIZE + 2, hasMore: true });
    expect(first.json().files).toHaveLength(PAGE_SIZE);
    expect(first.json().files[0]).toMatchObject({ name: "Lista 00", options: [{ name: "a" }] });
    const second = await env.app.inject({ url: "/files?pageNumber=2", headers: adminHeaders });
    expect(second.json()).toMatchObject({ count: PAGE_SIZE + 2, hasMore: false });
    expect(second.json().files.map((list: FileListAnswer) => list.name)).toEqual(["Lista 20", "Promoção 50%"]);

    const search = await env.app.inject({ url: "/files?searchParam=50%25", headers: adminHeaders });
    expect(search.json().files.map((list: FileListAnswer) => list.name)).toEqual(["Promoção 50%"]);
    const none = await env.app.inject({ url: "/files?searchParam=elsewhere", headers: adminHeaders });
    expect(none.json()).toEqual({ files: [], count: 0, hasMore: false });
  });
});

describe("PUT /files/:id", () => {
  it("renames, keeps entries by id, adds new ones, removes the others with their files, and emits update", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, {
      name: "Lista",
      message: "Detalhes",
      options: [{ name: "um" }, { name: "dois" }, { name: "três" }],
    });
    const [one, two, three] = list.options as [Option, Option, Option];
    const uploaded = (
      await upload(adminHeaders, list.id, [{ data: PDF, name: "dois.pdf", type: "application/pdf" }], [two.id])
    ).json();
    const twoPath = (uploaded.options as Option[]).find((option) => option.id === two.id)!.path;
    expect(existsSync(storedPath(twoPath))).toBe(true);

    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/files/${list.id}`,
      headers: adminHeaders,
      payload: {
        name: "Lista nova",
        options: [{ id: three.id, name: "três!", path: "/etc/passwd" }, { id: one.id, name: "um" }, { name: "quatro" }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as FileListAnswer;
    expect(updated).toMatchObject({ id: list.id, name: "Lista nova", message: "Detalhes" });
    expect(updated.options).toEqual([
      { id: one.id, name: "um", path: "", mediaType: "", mediaName: "" },
      { id: three.id, name: "três!", path: "", mediaType: "", mediaName: "" },
      { id: expect.any(Number), name: "quatro", path: "", mediaType: "", mediaName: "" },
    ]);
    expect(existsSync(storedPath(twoPath))).toBe(false);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.file(company.id), { action: "update", file: updated });

    // Without options the entries stay as they are.
    const renamed = await env.app.inject({
      method: "PUT",
      url: `/files/${list.id}`,
      headers: adminHeaders,
      payload: { message: "Outros detalhes" },
    });
    expect(renamed.json()).toMatchObject({ name: "Lista nova", message: "Outros detalhes", options: updated.options });
  });

  it("refuses an entry id of another list, a repeated one, and invalid fields", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, { name: "Lista", message: "x", options: [{ name: "a" }] });
    const other = await create(adminHeaders, { name: "Outra", message: "x", options: [{ name: "b" }] });
    for (const [payload, path, message] of [
      [{ options: [{ id: other.options[0]!.id, name: "taken" }] }, "body.options.0.id", "notFound"],
      [{ options: [{ id: list.options[0]!.id }, { id: list.options[0]!.id }] }, "body.options.1.id", "duplicate"],
      [{ name: "ab" }, "body.name", "tooShort"],
      [{ message: "" }, "body.message", "required"],
    ] as const) {
      const response = await env.app.inject({
        method: "PUT",
        url: `/files/${list.id}`,
        headers: adminHeaders,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toContainEqual({ path, message });
    }
    const unchanged = await env.app.inject({ url: `/files/${other.id}`, headers: adminHeaders });
    expect(unchanged.json().options).toEqual(other.options);
    const missing = await env.app.inject({
      method: "PUT",
      url: "/files/2147483000",
      headers: adminHeaders,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});

describe("DELETE /files/:id", () => {
  it("deletes the list with its files and emits delete", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, { name: "Lista", message: "x", options: [{ name: "a" }] });
    const uploaded = await upload(
      adminHeaders,
      list.id,
      [{ data: PNG, name: "a.png", type: "image/png" }],
      [list.options[0]!.id],
    );
    const path = (uploaded.json() as FileListAnswer).options[0]!.path;
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({ method: "DELETE", url: `/files/${list.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.file(company.id), { action: "delete", fileId: list.id });
    expect(existsSync(storedPath(path))).toBe(false);
    expect((await env.app.inject({ url: `/files/${list.id}`, headers: adminHeaders })).statusCode).toBe(404);
    const again = await env.app.inject({ method: "DELETE", url: `/files/${list.id}`, headers: adminHeaders });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST /files/uploadList/:id", () => {
  it("stores each file under a generated name typed by its bytes, pairs files and ids by rank, and serves them", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, {
      name: "Lista",
      message: "x",
      options: [{ name: "foto" }, { name: "pdf" }],
    });
    const [photo, pdf] = list.options as [Option, Option];
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await upload(
      adminHeaders,
      list.id,
      [
        // The type comes from the bytes: the PDF named .png is a PDF.
        { data: PDF, name: "relatório.png", type: "image/png" },
        { data: PNG, name: "../../Minha foto.png", type: "image/png" },
      ],
      [pdf.id, photo.id],
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as FileListAnswer;
    const [photoAfter, pdfAfter] = updated.options as [Option, Option];
    expect(photoAfter).toEqual({
      id: photo.id,
      name: "foto",
      path: expect.stringMatching(new RegExp(`^/public/company${company.id}/[0-9a-f-]{36}\\.png$`)),
      mediaType: "image/png",
      mediaName: "Minha foto.png",
    });
    expect(pdfAfter).toMatchObject({ id: pdf.id, mediaType: "application/pdf", mediaName: "relatório.png" });
    expect(pdfAfter.path).toMatch(/\.pdf$/);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.file(company.id), { action: "update", file: updated });

    const served = await env.app.inject({ url: photoAfter.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["content-type"]).toContain("image/png");
    const document = await env.app.inject({ url: pdfAfter.path });
    expect(document.headers["content-disposition"]).toMatch(/^attachment/);

    // A new file replaces the entry's previous one, which is deleted.
    const replaced = await upload(
      adminHeaders,
      list.id,
      [{ data: PNG, name: "nova.png", type: "image/png" }],
      [pdf.id],
    );
    expect(replaced.statusCode).toBe(200);
    expect(existsSync(storedPath(pdfAfter.path))).toBe(false);
    expect((replaced.json() as FileListAnswer).options[1]).toMatchObject({
      mediaName: "nova.png",
      mediaType: "image/png",
    });
  });

  it("never stores markup as markup: HTML and SVG are kept as text and served as downloads", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, { name: "Lista", message: "x", options: [{ name: "a" }, { name: "b" }] });
    const response = await upload(
      adminHeaders,
      list.id,
      [
        { data: HTML, name: "page.html", type: "text/html" },
        { data: SVG, name: "logo.svg", type: "image/svg+xml" },
      ],
      list.options.map((option) => option.id),
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const option of (response.json() as FileListAnswer).options) {
      expect(option.path).toMatch(/\.txt$/);
      expect(option.mediaType).toBe("text/plain; charset=utf-8");
      const served = await env.app.inject({ url: option.path });
      expect(served.headers["content-type"]).not.toMatch(/html|svg|xml/);
      expect(served.headers["content-disposition"]).toMatch(/^attachment/);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("refuses unlisted types and files over their type's limit, storing nothing", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, { name: "Lista", message: "x", options: [{ name: "a" }, { name: "b" }] });
    const ids = list.options.map((option) => option.id);
    const stored = () => {
      const dir = join(env.ctx.media.root, `company${company.id}`);
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    };
    const before = stored();

    const exe = await upload(
      adminHeaders,
      list.id,
      [
        { data: PNG, name: "ok.png", type: "image/png" },
        { data: EXE, name: "setup.pdf", type: "application/pdf" },
      ],
      ids,
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.files.1", message: "unsupportedType" }],
    });

    const big = await upload(
      adminHeaders,
      list.id,
      [{ data: sized(PNG, UPLOAD_LIMITS_BYTES.image + 1), name: "big.mp4", type: "video/mp4" }],
      [ids[0]!],
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", data: { kind: "image" } });

    const over = await upload(
      adminHeaders,
      list.id,
      [{ data: sized(PDF, UPLOAD_LIMITS_BYTES.video + 1), name: "huge.pdf", type: "application/pdf" }],
      [ids[0]!],
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");

    expect(stored()).toEqual(before);
    const unchanged = await env.app.inject({ url: `/files/${list.id}`, headers: adminHeaders });
    expect(unchanged.json().options).toEqual(list.options);
  });

  it("refuses a form without files, ids that do not match the files, and entries of other lists", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, { name: "Lista", message: "x", options: [{ name: "a" }] });
    const other = await create(adminHeaders, { name: "Outra", message: "x", options: [{ name: "b" }] });
    const png = { data: PNG, name: "a.png", type: "image/png" };
    for (const [files, ids, path, message] of [
      [[], [list.options[0]!.id], "body.files", "required"],
      [[png], [], "body.id", "oneIdPerFile"],
      [[png, png], [list.options[0]!.id, list.options[0]!.id], "body.id.1", "invalid"],
      [[png], ["abc"], "body.id.0", "invalid"],
      [[png], [other.options[0]!.id], "body.id.0", "notFound"],
    ] as const) {
      const response = await upload(adminHeaders, list.id, [...files], [...ids]);
      expect(response.statusCode, `${path} ${message}`).toBe(400);
      expect(response.json().fields).toContainEqual({ path, message });
    }
    const json = await env.app.inject({
      method: "POST",
      url: `/files/uploadList/${list.id}`,
      headers: adminHeaders,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toContainEqual({ path: "body", message: "multipartRequired" });
    const missing = await upload(adminHeaders, 2147483000, [png], [list.options[0]!.id]);
    expect(missing.statusCode).toBe(404);
  });

  it("fileListFiles answers a list's files in order, with their stored paths, for the campaigns", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await create(adminHeaders, {
      name: "Lista",
      message: "x",
      options: [{ name: "primeiro" }, { name: "sem arquivo" }, { name: "terceiro" }],
    });
    const [first, , third] = list.options as [Option, Option, Option];
    await upload(
      adminHeaders,
      list.id,
      [
        { data: PDF, name: "c.pdf", type: "application/pdf" },
        { data: PNG, name: "a.png", type: "image/png" },
      ],
      [third.id, first.id],
    );
    const files = await fileListFiles(env.db, company.id, list.id);
    expect(files).toEqual([
      {
        id: first.id,
        name: "primeiro",
        path: expect.stringMatching(/^company\d+\/[0-9a-f-]{36}\.png$/),
        mediaName: "a.png",
        mimeType: "image/png",
      },
      {
        id: third.id,
        name: "terceiro",
        path: expect.stringMatching(/\.pdf$/),
        mediaName: "c.pdf",
        mimeType: "application/pdf",
      },
    ]);
    expect(readFileSync(join(env.ctx.media.root, files[0]!.path)).equals(PNG)).toBe(true);
    expect(await fileListFiles(env.db, (await newTenant(env)).company.id, list.id)).toEqual([]);
  });
});
