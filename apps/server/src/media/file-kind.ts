import type { UploadKind } from "@atendo/shared";
import { fileTypeFromBuffer } from "file-type";

/**
 * Every extension a stored file may have, and the type /public/ serves it
 * with. Browsers render HTML, SVG and XML as documents that run script on our
 * origin, so none of them (nor scripts) is on this list: a file is stored under
 * one of these extensions or under `bin`, whatever its name says.
 */
const STORED_TYPES = {
  jpg: { mimeType: "image/jpeg", kind: "image" },
  png: { mimeType: "image/png", kind: "image" },
  gif: { mimeType: "image/gif", kind: "image" },
  webp: { mimeType: "image/webp", kind: "image" },
  ogg: { mimeType: "audio/ogg", kind: "audio" },
  mp3: { mimeType: "audio/mpeg", kind: "audio" },
  m4a: { mimeType: "audio/mp4", kind: "audio" },
  aac: { mimeType: "audio/aac", kind: "audio" },
  amr: { mimeType: "audio/amr", kind: "audio" },
  wav: { mimeType: "audio/wav", kind: "audio" },
  mp4: { mimeType: "video/mp4", kind: "video" },
  webm: { mimeType: "video/webm", kind: "video" },
  "3gp": { mimeType: "video/3gpp", kind: "video" },
  mov: { mimeType: "video/quicktime", kind: "video" },
  pdf: { mimeType: "application/pdf", kind: "document" },
  zip: { mimeType: "application/zip", kind: "document" },
  rar: { mimeType: "application/vnd.rar", kind: "document" },
  "7z": { mimeType: "application/x-7z-compressed", kind: "document" },
  docx: { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", kind: "document" },
  xlsx: { mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", kind: "document" },
  pptx: { mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", kind: "document" },
  odt: { mimeType: "application/vnd.oasis.opendocument.text", kind: "document" },
  ods: { mimeType: "application/vnd.oasis.opendocument.spreadsheet", kind: "document" },
  odp: { mimeType: "application/vnd.oasis.opendocument.presentation", kind: "document" },
  doc: { mimeType: "application/msword", kind: "document" },
  xls: { mimeType: "application/vnd.ms-excel", kind: "document" },
  ppt: { mimeType: "application/vnd.ms-powerpoint", kind: "document" },
  rtf: { mimeType: "application/rtf", kind: "document" },
  vcf: { mimeType: "text/vcard; charset=utf-8", kind: "document" },
  txt: { mimeType: "text/plain; charset=utf-8", kind: "document" },
  csv: { mimeType: "text/csv; charset=utf-8", kind: "document" },
  bin: { mimeType: "application/octet-stream", kind: "document" },
} as const satisfies Record<string, { mimeType: string; kind: UploadKind }>;

export type StoredExtension = keyof typeof STORED_TYPES;

/** What a file's bytes say it is, mapped onto the stored-type list. */
export interface DetectedFile {
  extension: StoredExtension;
  mimeType: string;
  kind: UploadKind;
}

/** file-type's names for listed types it spells differently (WhatsApp voice notes are Ogg Opus). */
const DETECTED_ALIASES: Partial<Record<string, StoredExtension>> = { opus: "ogg", oga: "ogg", apng: "png" };

/**
 * Containers whose bytes do not say which member they are: the client's
 * name may pick one of these listed members, and nothing else.
 */
const NAMED_MEMBERS: Partial<Record<string, readonly StoredExtension[]>> = {
  cfb: ["doc", "xls", "ppt"],
  text: ["txt", "csv"],
};

const isStored = (extension: string): extension is StoredExtension => Object.hasOwn(STORED_TYPES, extension);

function described(extension: StoredExtension): DetectedFile {
  const { mimeType, kind } = STORED_TYPES[extension];
  return { extension, mimeType, kind };
}

/** The name's extension when it is one of the container's members; otherwise txt for text, bin for the rest. */
function memberNamed(container: string, fileName: string): StoredExtension {
  const members = NAMED_MEMBERS[container] ?? [];
  const named = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  const match = members.find((member) => member === named);
  if (match) return match;
  // An unnamed container may be anything (a CFB file is also an installer or a mail).
  return container === "text" ? "txt" : "bin";
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
 * The stored type of a file, from its bytes (file-type) against the list.
 * The name only chooses among members of a container the bytes leave open
 * (old Office files, text); markup that file-type does not name is text, and
 * anything else unlisted is `bin`.
 */
export async function detectFile(data: Buffer, fileName = ""): Promise<DetectedFile> {
  if (data.length === 0) return described("bin");
  const found = await fileTypeFromBuffer(data);
  if (found) {
    const extension = DETECTED_ALIASES[found.ext] ?? found.ext;
    if (NAMED_MEMBERS[extension]) return described(memberNamed(extension, fileName));
    return described(isStored(extension) ? extension : "bin");
  }
  return described(isPlainText(data) ? memberNamed("text", fileName) : "bin");
}

/**
 * How /public/ serves a stored extension: images, audio and video inline
 * with their type, everything else as a download. An extension not on the
 * list (a file stored before it, such as `x.html`) is served as octet-stream.
 */
export function servedType(extension: string): { contentType: string; inline: boolean } {
  if (!isStored(extension)) return { contentType: STORED_TYPES.bin.mimeType, inline: false };
  const { mimeType, kind } = STORED_TYPES[extension];
  return { contentType: mimeType, inline: kind !== "document" };
}
