import { FLOW_INTERVAL_MAX_SECONDS, type FlowNodeOf, UPLOAD_LIMITS_BYTES } from "@atendo/shared";

/*
 * The node dialogs' rules (document 2 section 5). Each answers the key of its
 * message under flowBuilder.validation, or null when the value passes; the
 * shared schemas check the same values again when the flow is saved.
 */

export type MediaKind = "img" | "audio" | "video";

/** The extensions each media kind accepts; the content composer also takes opus audio. */
const EXTENSIONS: Record<MediaKind, readonly string[]> = {
  img: ["png", "jpg", "jpeg"],
  audio: ["ogg", "mp3"],
  video: ["mp4"],
};
const COMPOSER_AUDIO = ["ogg", "mp3", "opus"] as const;

const LIMITS: Record<MediaKind, number> = {
  img: UPLOAD_LIMITS_BYTES.image,
  audio: UPLOAD_LIMITS_BYTES.audio,
  video: UPLOAD_LIMITS_BYTES.video,
};

export function acceptedExtensions(kind: MediaKind, composer = false): readonly string[] {
  return kind === "audio" && composer ? COMPOSER_AUDIO : EXTENSIONS[kind];
}

/** The file picker's accept attribute. */
export const acceptAttribute = (kind: MediaKind, composer = false) =>
  acceptedExtensions(kind, composer)
    .map((extension) => `.${extension}`)
    .join(",");

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** A picked file checked against its kind: the type first (by its name), then the size. */
export function mediaFileError(kind: MediaKind, file: Pick<File, "name" | "size">, composer = false): string | null {
  if (!acceptedExtensions(kind, composer).includes(extensionOf(file.name))) {
    return kind === "audio" && composer ? "audioTypeComposer" : `${kind}Type`;
  }
  return file.size > LIMITS[kind] ? `${kind}TooLarge` : null;
}

/** The interval dialog's seconds: present and above 0, at most 120, whole. */
export function intervalError(value: string): string | null {
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) return "intervalRequired";
  if (seconds > FLOW_INTERVAL_MAX_SECONDS) return "intervalMax";
  return Number.isInteger(seconds) ? null : "intervalWhole";
}

// ---- Menu options: numbered from 1, only the last can be removed ----

export type MenuOption = FlowNodeOf<"menu">["data"]["arrayOption"][number];

export function withNextOption(options: readonly MenuOption[]): MenuOption[] {
  return [...options, { number: options.length + 1, value: "" }];
}

export function withoutLastOption(options: readonly MenuOption[]): MenuOption[] {
  return options.slice(0, -1);
}

/** The number of the option a remove button may show for: the last one's, when there is one. */
export const removableOption = (options: readonly MenuOption[]) => options.at(-1)?.number ?? null;

// ---- The content composer ----

/** One card of the composer; a media card holds either a stored file or a newly picked one. */
export type ComposerCard =
  | { key: string; type: "message"; value: string }
  | { key: string; type: "interval"; value: string }
  | {
      key: string;
      type: MediaKind;
      /** The stored name, once uploaded. */
      value: string;
      /** The original file name, for display. */
      original: string;
      /** A picked file not yet uploaded. */
      file?: File;
      record?: boolean;
    };

/**
 * The composer's first problem, in the order the original checks them: no card
 * at all, an empty text, an interval of 0 or over 120, a media card without a file.
 */
export function composerError(cards: readonly ComposerCard[]): string | null {
  if (cards.length === 0) return "contentEmpty";
  if (cards.some((card) => card.type === "message" && card.value.trim() === "")) return "contentEmptyText";
  if (cards.some((card) => card.type === "interval" && intervalError(card.value) !== null)) return "contentInterval";
  if (cards.some((card) => card.type !== "message" && card.type !== "interval" && !card.value && !card.file)) {
    return "contentEmptyMedia";
  }
  return null;
}
