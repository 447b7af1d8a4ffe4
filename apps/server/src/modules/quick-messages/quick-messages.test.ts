import { existsSync } from "node:fs";
import { join } from "node:path";
import { PAGE_SIZE, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, newTenant, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { quickMessages } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
/** An Ogg page whose first packet is an Opus header (file-type reads that far). */
const OGG = Buffer.concat([Buffer.from("OggS\0\x02", "latin1"), Buffer.alloc(22), Buffer.from("OpusHead\x01\x01")]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2")]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
const sized = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 1)]);

async function multipart(fields: { file?: { data: Buffer; name: string; type: string }; typeArch?: string }) {
  const form = new FormData();
  if (fields.typeArch !== undefined) form.append("typeArch", fields.typeArch);
  if (fields.file) form.append("file", new Blob([fields.file.data], { type: fields.file.type }), fields.file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "",
  };
}

async function upload(headers: Headers, id: number, file: { data: Buffer; name: string; type: string } | undefined) {
  const body = await multipart({ file, typeArch: "quickMessage" });
  return env.app.inject({
    method: "POST",
    url: `/quick-messages/${id}/media-upload`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function create(headers: Headers, payload: Record<string, unknown>) {
  const response = await env.app.inject({ method: "POST", url: "/quick-messages", headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; shortcode: string; mediaPath: string | null };
}

const storedPath = (publicUrl: string) => join(env.ctx.media.root, publicUrl.replace(/^\/public\//, ""));
const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe("POST /quick-messages", () => {
  it("creates one for the caller with defaults and answers its full shape", async () => {
    const { company, agent, agentHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/quick-messages",
      headers: agentHeaders,
      payload: { shortcode: "  hello  ", message: "Hello there", userId: 999999, companyId: 999999 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      shortcode: "hello",
      message: "Hello there",
      geral: false,
      status: true,
      userId: agent.id,
      isMedia: false,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [row] = await env.db.select().from(quickMessages).where(eq(quickMessages.id, response.json().id));
    expect(row?.companyId).toBe(company.id);
  });

  it("answers ERR_VALIDATION for a missing, blank or long shortcode and a long message", async () => {
    const { agentHeaders } = await newTenant(env);
    for (const [payload, path] of [
      [{}, "body.shortcode"],
      [{ shortcode: "   " }, "body.shortcode"],
      [{ shortcode: "x".repeat(101) }, "body.shortcode"],
      [{ shortcode: "ok", message: "x".repeat(5001) }, "body.message"],
      [{ shortcode: "ok", geral: "maybe" }, "body.geral"],
    ] as const) {
      const response = await env.app.inject({ method: "POST", url: "/quick-messages", headers: agentHeaders, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(
      (await env.app.inject({ method: "POST", url: "/quick-messages", payload: { shortcode: "x" } })).statusCode,
    ).toBe(401);
  });
});

describe("listing: own plus geral", () => {
  it("GET /quick-messages pages what the caller may see, searches shortcode and message, ignores userId", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const colleague = await newUser(env.db, company.id);
    const colleagueHeaders = await login(env, colleague.email);
    const own = await create(agentHeaders, { shortcode: "bye", message: "See you" });
    const shared = await create(colleagueHeaders, { shortcode: "hours", message: "We open at 8", geral: true });
    const privateOther = await create(colleagueHeaders, { shortcode: "secret", message: "mine only" });
    await create((await newTenant(env)).agentHeaders, { shortcode: "elsewhere", geral: true });

    const response = await env.app.inject({ url: `/quick-messages?userId=${colleague.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(ids(page.records)).toEqual([own.id, shared.id]);
    expect(page.records[0]).toMatchObject({ shortcode: "bye", message: "See you", isMedia: false });

    const byMessage = await env.app.inject({ url: "/quick-messages?searchParam=open%20at", headers: agentHeaders });
    expect(ids(byMessage.json().records)).toEqual([shared.id]);
    const byShortcode = await env.app.inject({ url: "/quick-messages?searchParam=BY", headers: agentHeaders });
    expect(ids(byShortcode.json().records)).toEqual([own.id]);

    const list = await env.app.inject({
      url: `/quick-messages/list?companyId=999999&userId=${colleague.id}`,
      headers: agentHeaders,
    });
    expect(list.statusCode).toBe(200);
    expect(ids(list.json())).toEqual([own.id, shared.id]);
    const colleagueList = await env.app.inject({ url: "/quick-messages/list", headers: colleagueHeaders });
    expect(ids(colleagueList.json())).toEqual([shared.id, privateOther.id]);
    // The admin's lists follow the same rule: their own plus the company-wide ones.
    const adminList = await env.app.inject({ url: "/quick-messages/list", headers: adminHeaders });
    expect(ids(adminList.json())).toEqual([shared.id]);
  });

  it("says hasMore while pages remain", async () => {
    const { agentHeaders } = await newTenant(env);
    for (let i = 0; i <= PAGE_SIZE; i++) await create(agentHeaders, { shortcode: `s${String(i).padStart(2, "0")}` });
    const first = (await env.app.inject({ url: "/quick-messages", headers: agentHeaders })).json();
    expect(first.records).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ count: PAGE_SIZE + 1, hasMore: true });
    const second = (await env.app.inject({ url: "/quick-messages?pageNumber=2", headers: agentHeaders })).json();
    expect(second).toMatchObject({ count: PAGE_SIZE + 1, hasMore: false });
    expect(second.records).toHaveLength(1);
  });
});

describe("GET, PUT and DELETE /quick-messages/:id", () => {
  it("lets the author read, edit and delete; others may read a geral one but not change it", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const colleague = await newUser(env.db, company.id);
    const colleagueHeaders = await login(env, colleague.email);
    const shared = await create(agentHeaders, { shortcode: "shared", geral: true });
    const mine = await create(agentHeaders, { shortcode: "mine" });

    const read = await env.app.inject({ url: `/quick-messages/${shared.id}`, headers: colleagueHeaders });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: shared.id, shortcode: "shared", geral: true });
    const hidden = await env.app.inject({ url: `/quick-messages/${mine.id}`, headers: colleagueHeaders });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: "ERR_NOT_FOUND" });

    for (const [method, payload] of [
      ["PUT", { shortcode: "taken" }],
      ["DELETE", undefined],
    ] as const) {
      const denied = await env.app.inject({
        method,
        url: `/quick-messages/${shared.id}`,
        headers: colleagueHeaders,
        payload,
      });
      expect(denied.statusCode, method).toBe(403);
      expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const deniedUpload = await upload(colleagueHeaders, shared.id, { data: PNG, name: "a.png", type: "image/png" });
    expect(deniedUpload.statusCode).toBe(403);

    const edited = await env.app.inject({
      method: "PUT",
      url: `/quick-messages/${shared.id}`,
      headers: agentHeaders,
      payload: { message: "Edited", status: "false" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ shortcode: "shared", message: "Edited", geral: true, status: false });
    const invalid = await env.app.inject({
      method: "PUT",
      url: `/quick-messages/${shared.id}`,
      headers: agentHeaders,
      payload: { shortcode: "" },
    });
    expect(invalid.statusCode).toBe(400);

    const removed = await env.app.inject({
      method: "DELETE",
      url: `/quick-messages/${mine.id}`,
      headers: agentHeaders,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: expect.any(String) });
    const gone = await env.app.inject({ url: `/quick-messages/${mine.id}`, headers: agentHeaders });
    expect(gone.statusCode).toBe(404);
  });

  it("lets an admin open, edit and delete anyone's", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    const theirs = await create(agentHeaders, { shortcode: "private" });
    expect((await env.app.inject({ url: `/quick-messages/${theirs.id}`, headers: adminHeaders })).statusCode).toBe(200);
    const edited = await env.app.inject({
      method: "PUT",
      url: `/quick-messages/${theirs.id}`,
      headers: adminHeaders,
      payload: { shortcode: "moderated" },
    });
    expect(edited.json()).toMatchObject({ shortcode: "moderated" });
    const removed = await env.app.inject({
      method: "DELETE",
      url: `/quick-messages/${theirs.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe("media upload", () => {
  it("stores the file under a generated name, serves it back, replaces and removes it", async () => {
    const { agentHeaders } = await newTenant(env);
    const qm = await create(agentHeaders, { shortcode: "with-media" });

    const first = await upload(agentHeaders, qm.id, { data: PNG, name: "../../etc/My photo.png", type: "image/png" });
    expect(first.statusCode, first.body).toBe(200);
    const attached = first.json();
    expect(attached).toMatchObject({ id: qm.id, isMedia: true, mediaName: "My photo.png" });
    expect(attached.mediaPath).toMatch(/^\/public\/company\d+\/[0-9a-f-]{36}\.png$/);
    const served = await env.app.inject({ url: attached.mediaPath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["content-type"]).toContain("image/png");
    const shown = await env.app.inject({ url: `/quick-messages/${qm.id}`, headers: agentHeaders });
    expect(shown.json()).toMatchObject({ mediaPath: attached.mediaPath, mediaName: "My photo.png", isMedia: true });

    // The type comes from the bytes: a PDF named .png is stored as a .pdf.
    const second = await upload(agentHeaders, qm.id, { data: PDF, name: "report.png", type: "image/png" });
    expect(second.statusCode).toBe(200);
    expect(second.json().mediaPath).toMatch(/\.pdf$/);
    expect(second.json().mediaName).toBe("report.png");
    expect(existsSync(storedPath(attached.mediaPath))).toBe(false);
    expect((await env.app.inject({ url: attached.mediaPath })).statusCode).toBe(404);

    const detached = await env.app.inject({
      method: "DELETE",
      url: `/quick-messages/${qm.id}/media-upload`,
      headers: agentHeaders,
    });
    expect(detached.statusCode).toBe(200);
    expect(detached.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(existsSync(storedPath(second.json().mediaPath))).toBe(false);
  });

  it("removes the file when the quick message is deleted", async () => {
    const { agentHeaders } = await newTenant(env);
    const qm = await create(agentHeaders, { shortcode: "doomed" });
    const attached = (await upload(agentHeaders, qm.id, { data: OGG, name: "voice.ogg", type: "audio/ogg" })).json();
    expect(attached.mediaPath).toMatch(/\.ogg$/);
    expect(existsSync(storedPath(attached.mediaPath))).toBe(true);
    await env.app.inject({ method: "DELETE", url: `/quick-messages/${qm.id}`, headers: agentHeaders });
    expect(existsSync(storedPath(attached.mediaPath))).toBe(false);
  });

  it("enforces each type's limit by content: 413 ERR_PAYLOAD_TOO_LARGE, the previous file kept", async () => {
    const { agentHeaders } = await newTenant(env);
    const qm = await create(agentHeaders, { shortcode: "limits" });
    const kept = (await upload(agentHeaders, qm.id, { data: JPEG, name: "a.jpg", type: "image/jpeg" })).json();

    const bigImage = sized(PNG, UPLOAD_LIMITS_BYTES.image + 1);
    // Claiming to be a video does not buy the video limit.
    const tooLarge = await upload(agentHeaders, qm.id, { data: bigImage, name: "big.mp4", type: "video/mp4" });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", data: { kind: "image" } });
    const tooLargeAudio = await upload(agentHeaders, qm.id, {
      data: sized(OGG, UPLOAD_LIMITS_BYTES.audio + 1),
      name: "long.ogg",
      type: "audio/ogg",
    });
    expect(tooLargeAudio.statusCode).toBe(413);
    const overAll = await upload(agentHeaders, qm.id, {
      data: sized(MP4, UPLOAD_LIMITS_BYTES.video + 1),
      name: "huge.mp4",
      type: "video/mp4",
    });
    expect(overAll.statusCode).toBe(413);
    expect(overAll.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect((await env.app.inject({ url: `/quick-messages/${qm.id}`, headers: agentHeaders })).json().mediaPath).toBe(
      kept.mediaPath,
    );

    // Past the 2 MB JSON body limit, an audio within its own 5 MB limit is accepted.
    const audio = await upload(agentHeaders, qm.id, {
      // An empty ID3 tag, then an MPEG audio frame header.
      data: sized(Buffer.from("ID3\x04\0\0\0\0\0\0\xff\xfb\x90\x44", "latin1"), 3 * 1024 * 1024),
      name: "song.mp3",
      type: "audio/mpeg",
    });
    expect(audio.statusCode, audio.body).toBe(200);
    expect(audio.json().mediaPath).toMatch(/\.mp3$/);
    const video = await upload(agentHeaders, qm.id, {
      data: sized(MP4, 6 * 1024 * 1024),
      name: "clip.mp4",
      type: "video/mp4",
    });
    expect(video.statusCode).toBe(200);
    expect(video.json().mediaPath).toMatch(/\.mp4$/);
  });

  it("answers ERR_VALIDATION for a disallowed type, a missing file or a non-multipart body", async () => {
    const { agentHeaders } = await newTenant(env);
    const qm = await create(agentHeaders, { shortcode: "types" });
    const html = Buffer.from("<html><script>alert(1)</script></html>\0");
    for (const file of [
      { data: html, name: "page.png", type: "image/png" },
      { data: Buffer.from("GIF89a\x01\0\x01\0", "latin1"), name: "a.gif", type: "image/gif" },
      { data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), name: "setup.exe", type: "application/octet-stream" },
    ]) {
      const response = await upload(agentHeaders, qm.id, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toEqual({
        error: "ERR_VALIDATION",
        fields: [{ path: "body.file", message: "unsupportedType" }],
      });
    }
    const missing = await upload(agentHeaders, qm.id, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ path: "body.file", message: "required" }]);
    const json = await env.app.inject({
      method: "POST",
      url: `/quick-messages/${qm.id}/media-upload`,
      headers: agentHeaders,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe("ERR_VALIDATION");
    expect((await env.app.inject({ url: `/quick-messages/${qm.id}`, headers: agentHeaders })).json().isMedia).toBe(
      false,
    );
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another company's quick message on every id route and changes nothing", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const theirs = await create(b.adminHeaders, { shortcode: "theirs", geral: true });
    const attached = await upload(b.adminHeaders, theirs.id, { data: PNG, name: "a.png", type: "image/png" });
    expect(attached.statusCode).toBe(200);

    for (const [method, url, payload] of [
      ["GET", `/quick-messages/${theirs.id}`, undefined],
      ["PUT", `/quick-messages/${theirs.id}`, { shortcode: "hijacked" }],
      ["DELETE", `/quick-messages/${theirs.id}`, undefined],
      ["DELETE", `/quick-messages/${theirs.id}/media-upload`, undefined],
    ] as const) {
      const response = await env.app.inject({ method, url, headers: a.adminHeaders, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    const foreignUpload = await upload(a.adminHeaders, theirs.id, { data: JPEG, name: "b.jpg", type: "image/jpeg" });
    expect(foreignUpload.statusCode).toBe(404);

    const list = await env.app.inject({ url: "/quick-messages/list", headers: a.adminHeaders });
    expect(list.json()).toEqual([]);
    const still = await env.app.inject({ url: `/quick-messages/${theirs.id}`, headers: b.adminHeaders });
    expect(still.json()).toMatchObject({ shortcode: "theirs", mediaPath: attached.json().mediaPath });
    expect(existsSync(storedPath(attached.json().mediaPath))).toBe(true);
  });
});
