import type { UploadKind } from "@atendo/shared";
import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";

/** What a file's bytes say it is; the client's name and MIME type are not consulted for this. */
export interface DetectedType {
  kind: UploadKind;
  /** The extension the stored file gets, so /public/ serves it with a matching, harmless content type. */
  extension: string;
}

/** Document 2 gives image, audio and video limits; documents share the largest (20 MB). */
export const UPLOAD_LIMIT_BY_KIND: Record<UploadKind, number> = {
  image: UPLOAD_LIMITS_BYTES.image,
  audio: UPLOAD_LIMITS_BYTES.audio,
  video: UPLOAD_LIMITS_BYTES.video,
  document: UPLOAD_LIMITS_BYTES.video,
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMIT_BY_KIND));

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The client's extension, only when it is one of the allowed ones for a container we recognised. */
function clientExtension(fileName: string, allowed: string[], fallback: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return extension && allowed.includes(extension) ? extension : fallback;
}

/** Plain text: valid UTF-8 without control characters other than tab and line breaks. */
function isPlainText(data: Buffer): boolean {
  const sample = data.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  }
  try {
    // A cut at the sample's end may split a character; decode only whole files or ignore the tail.
    new TextDecoder("utf-8", { fatal: true }).decode(data.length > sample.length ? sample.subarray(0, -4) : sample);
    return true;
  } catch {
    return false;
  }
}

/**
 * Accepted types (document 2 section 5): images png/jpg/jpeg, audio ogg/mp3
 * (opus travels in ogg), video mp4; documents pdf, office files and plain text.
 */
export function detectUploadType(data: Buffer, fileName: string): DetectedType | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", extension: "png" };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { kind: "image", extension: "jpg" };
  if (startsWith(data, ascii("OggS"))) return { kind: "audio", extension: "ogg" };
  if (startsWith(data, ascii("ID3"))) return { kind: "audio", extension: "mp3" };
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  if (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0 && (data[1]! & 0x06) !== 0) {
    return { kind: "audio", extension: "mp3" };
  }
  if (startsWith(data, ascii("ftyp"), 4)) return { kind: "video", extension: "mp4" };
  if (startsWith(data, ascii("%PDF-"))) return { kind: "document", extension: "pdf" };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    return { kind: "document", extension: clientExtension(fileName, ["docx", "xlsx", "pptx", "odt", "ods"], "zip") };
  }
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { kind: "document", extension: clientExtension(fileName, ["doc", "xls", "ppt"], "doc") };
  }
  if (data.length > 0 && isPlainText(data)) {
    return { kind: "document", extension: clientExtension(fileName, ["csv"], "txt") };
  }
  return undefined;
}

/** Client file names are shown, never used as paths: the last segment, printable, bounded; `fallback` when nothing is left. */
export function uploadDisplayName(fileName: string, fallback: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return (base || fallback).slice(0, 200);
}
