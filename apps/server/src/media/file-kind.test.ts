import { describe, expect, it } from "vitest";
import { detectFile, servedType } from "./file-kind.js";
import { detectUpload } from "./upload.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
/** An Ogg page whose first packet is an Opus header, as WhatsApp voice notes are. */
const OPUS = Buffer.concat([Buffer.from("OggS\0\x02", "latin1"), Buffer.alloc(22), Buffer.from("OpusHead\x01\x01")]);
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x44, 0, 0, 0, 0]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2")]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
const ZIP = Buffer.from("PK\x03\x04rest", "latin1");
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]);
const GIF = Buffer.from("GIF89a\x01\0\x01\0", "latin1");
const HTML = Buffer.from("<!doctype html><script>alert(1)</script>");
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("detectFile", () => {
  it("takes the type from the bytes, never from the name", async () => {
    expect(await detectFile(PNG, "x.html")).toEqual({ extension: "png", mimeType: "image/png", kind: "image" });
    expect(await detectFile(JPEG, "x.svg")).toEqual({ extension: "jpg", mimeType: "image/jpeg", kind: "image" });
    expect(await detectFile(GIF, "x")).toMatchObject({ extension: "gif", kind: "image" });
    expect(await detectFile(OPUS, "voice")).toEqual({ extension: "ogg", mimeType: "audio/ogg", kind: "audio" });
    expect(await detectFile(MP3, "x")).toEqual({ extension: "mp3", mimeType: "audio/mpeg", kind: "audio" });
    expect(await detectFile(MP4, "x")).toEqual({ extension: "mp4", mimeType: "video/mp4", kind: "video" });
    expect(await detectFile(PDF, "x.html")).toMatchObject({ extension: "pdf", kind: "document" });
    expect(await detectFile(ZIP, "evil.html")).toMatchObject({ extension: "zip", kind: "document" });
  });

  it("lets the name choose only among the safe members of a container the bytes cannot tell apart", async () => {
    expect(await detectFile(CFB, "sheet.XLS")).toMatchObject({ extension: "xls", kind: "document" });
    expect(await detectFile(CFB, "setup.msi")).toMatchObject({ extension: "bin", kind: "document" });
    expect(await detectFile(Buffer.from("name;number\nAna;5511\n"), "list.csv")).toMatchObject({ extension: "csv" });
    expect(await detectFile(Buffer.from("plain words"), "notes")).toMatchObject({ extension: "txt" });
  });

  it("never keeps an active type: markup is text or nothing, anything unlisted is bin", async () => {
    for (const name of ["invoice.html", "invoice.htm", "a.xhtml", "a.svg", "a.xml", "a.js", "a.mjs"]) {
      expect(await detectFile(HTML, name), name).toEqual({
        extension: "txt",
        mimeType: "text/plain; charset=utf-8",
        kind: "document",
      });
    }
    // file-type calls an XML prolog "xml": not on the list.
    expect(await detectFile(SVG, "a.svg")).toEqual({
      extension: "bin",
      mimeType: "application/octet-stream",
      kind: "document",
    });
    expect(await detectFile(EXE, "a.png")).toMatchObject({ extension: "bin" });
    expect(await detectFile(Buffer.from([0, 1, 2, 3, 0xff]), "a.txt")).toMatchObject({ extension: "bin" });
    expect(await detectFile(Buffer.alloc(0), "a.txt")).toMatchObject({ extension: "bin" });
  });
});

describe("servedType", () => {
  it("serves images, audio and video inline with their type", () => {
    expect(servedType("png")).toEqual({ contentType: "image/png", inline: true });
    expect(servedType("jpg")).toEqual({ contentType: "image/jpeg", inline: true });
    expect(servedType("ogg")).toEqual({ contentType: "audio/ogg", inline: true });
    expect(servedType("mp4")).toEqual({ contentType: "video/mp4", inline: true });
  });

  it("serves every other listed type as a download", () => {
    expect(servedType("pdf")).toEqual({ contentType: "application/pdf", inline: false });
    expect(servedType("txt")).toEqual({ contentType: "text/plain; charset=utf-8", inline: false });
    expect(servedType("bin")).toEqual({ contentType: "application/octet-stream", inline: false });
  });

  it("serves anything unlisted, such as a file stored before the list, as an octet-stream download", () => {
    for (const extension of ["html", "HTML", "htm", "svg", "xml", "xhtml", "js", "", "constructor", "__proto__"]) {
      expect(servedType(extension), extension).toEqual({ contentType: "application/octet-stream", inline: false });
    }
  });
});

describe("detectUpload", () => {
  it("accepts the spec's upload types (document 2 section 5) and refuses the rest", async () => {
    expect(await detectUpload(PNG, "a.png")).toMatchObject({ extension: "png", kind: "image" });
    expect(await detectUpload(OPUS, "a.ogg")).toMatchObject({ extension: "ogg", kind: "audio" });
    expect(await detectUpload(PDF, "a.pdf")).toMatchObject({ extension: "pdf", kind: "document" });
    expect(await detectUpload(Buffer.from("plain words"), "page.html")).toMatchObject({ extension: "txt" });
    for (const data of [GIF, EXE, SVG, Buffer.alloc(0)]) expect(await detectUpload(data, "x")).toBeUndefined();
  });
});
