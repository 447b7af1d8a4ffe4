import { MESSAGE_MEDIAS_MAX, UPLOAD_LIMITS_BYTES, type UploadKind } from "@atendo/shared";

/**
 * The types the server accepts (document 2 section 5): images png/jpg/jpeg,
 * audio ogg/mp3, video mp4, documents pdf, office files, text and zip. The
 * server decides from the bytes; the client checks the name first so a wrong
 * file is refused before it is uploaded.
 */
const KIND_BY_EXTENSION: Record<string, UploadKind> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  mp3: "audio",
  mp4: "video",
  pdf: "document",
  doc: "document",
  docx: "document",
  xls: "document",
  xlsx: "document",
  ppt: "document",
  pptx: "document",
  odt: "document",
  ods: "document",
  txt: "document",
  csv: "document",
  zip: "document",
};

/** Documents share the largest limit, as on the server. */
const UPLOAD_LIMIT_BY_KIND: Record<UploadKind, number> = {
  image: UPLOAD_LIMITS_BYTES.image,
  audio: UPLOAD_LIMITS_BYTES.audio,
  video: UPLOAD_LIMITS_BYTES.video,
  document: UPLOAD_LIMITS_BYTES.video,
};

export const ACCEPTED_FILE_TYPES = Object.keys(KIND_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(",");

export function uploadKindOf(fileName: string): UploadKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension ? KIND_BY_EXTENSION[extension] : undefined;
}

export type FileRefusal =
  | { reason: "type"; fileName: string }
  | { reason: "size"; fileName: string; maxBytes: number }
  | { reason: "count"; max: number };

/** Splits picked files into the ones that may be sent and the refused ones, up to the per-send maximum. */
export function checkFiles(
  current: readonly File[],
  picked: readonly File[],
): { accepted: File[]; refused: FileRefusal[] } {
  const accepted: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of picked) {
    const kind = uploadKindOf(file.name);
    if (!kind) {
      refused.push({ reason: "type", fileName: file.name });
      continue;
    }
    const maxBytes = UPLOAD_LIMIT_BY_KIND[kind];
    if (file.size > maxBytes) {
      refused.push({ reason: "size", fileName: file.name, maxBytes });
      continue;
    }
    if (current.length + accepted.length >= MESSAGE_MEDIAS_MAX) {
      refused.push({ reason: "count", max: MESSAGE_MEDIAS_MAX });
      break;
    }
    accepted.push(file);
  }
  return { accepted, refused };
}

/** The sign-message switch puts the attendant's name in bold on the first line (WhatsApp's *bold*). */
export function signedBody(text: string, userName: string, sign: boolean): string {
  const trimmed = text.trim();
  if (!sign || !trimmed || !userName) return trimmed;
  return `*${userName}:*\n${trimmed}`;
}

/** Megabytes with at most one decimal, for the refusal texts. */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
