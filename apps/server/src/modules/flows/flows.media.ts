import {
  FLOW_LIMITS,
  FLOW_MEDIA_NAME,
  type FlowContent,
  type FlowMediaUpload,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import type { StoredExtension } from "../../media/file-kind.js";
import { detectUpload } from "../../media/upload.js";
import { deleteUnusedFlowMedia, insertFlowMedia } from "./flows.repository.js";

type Deps = Pick<AppContext, "db" | "media" | "log">;

/** The three upload calls of the builder (document 2 section 7). */
export type FlowMediaRoute = "img" | "audio" | "content";

/**
 * What each call takes, by the type the bytes show, with its limit (document 2
 * section 5): images png/jpeg up to 2 MB, audio ogg (opus travels in ogg) or mp3
 * up to 5 MB, video mp4 up to 20 MB. The video dialog uploads through /audio, so
 * /audio takes mp4 too; the content composer's files each follow their kind.
 * Anything else (HTML, SVG, documents, other media) is refused.
 */
const ACCEPTED: Record<FlowMediaRoute, Partial<Record<StoredExtension, number>>> = {
  img: { png: UPLOAD_LIMITS_BYTES.image, jpg: UPLOAD_LIMITS_BYTES.image },
  audio: { ogg: UPLOAD_LIMITS_BYTES.audio, mp3: UPLOAD_LIMITS_BYTES.audio, mp4: UPLOAD_LIMITS_BYTES.video },
  content: {
    png: UPLOAD_LIMITS_BYTES.image,
    jpg: UPLOAD_LIMITS_BYTES.image,
    ogg: UPLOAD_LIMITS_BYTES.audio,
    mp3: UPLOAD_LIMITS_BYTES.audio,
    mp4: UPLOAD_LIMITS_BYTES.video,
  },
};

/**
 * How long an uploaded file no flow uses is kept: the builder uploads when a dialog saves, and
 * the flow's save may come much later. Past it, the file is an abandoned upload.
 */
export const FLOW_MEDIA_UNUSED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Files per upload: a content sequence holds at most this many elements. */
export const FLOW_MEDIA_MAX_FILES = FLOW_LIMITS.contentElements;

/** The largest file a call takes: beyond it the multipart reader stops the upload (413). */
export const flowMediaMaxBytes = (route: FlowMediaRoute): number => Math.max(...Object.values(ACCEPTED[route]));

/** One part of an upload form, read lazily so that one file at a time is held in memory. */
export type FlowMediaPart =
  | { type: "file"; field: string; fileName: string; read: () => Promise<Buffer>; discard: () => Promise<void> }
  | { type: "field" };

const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message }] });

/**
 * Where a company's flow media file is kept, relative to the media root (for
 * ctx.media.read), from the bare name a node's url holds. The name comes from
 * the company's own document, and the folder from the company: a document
 * cannot reach another company's files. Undefined for a name that is not one.
 */
export function flowMediaStoragePath(companyId: number, name: string): string | undefined {
  return FLOW_MEDIA_NAME.test(name) ? `company${companyId}/${name}` : undefined;
}

/** A stored file's bare name: storage keeps a company's files as company{id}/{generated name}. */
function storedName(companyId: number, path: string): string {
  const name = path.slice(`company${companyId}/`.length);
  if (flowMediaStoragePath(companyId, name) !== path) throw new Error(`unexpected stored path: ${path}`);
  return name;
}

async function removeStored(deps: Deps, paths: readonly string[]) {
  for (const path of paths) {
    await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
  }
}

/**
 * POST /flowbuilder/img, /audio and /content: every `medias` part (other parts
 * and fields are read past), typed by its bytes and held to the call's rules,
 * stored under a generated name in the company's folder. One refused file
 * refuses the upload and removes the files already stored; the form is read
 * to its end either way, so the answer never races an unread request body.
 */
export async function storeFlowMedia(
  deps: Deps,
  actor: AuthSession,
  route: FlowMediaRoute,
  parts: AsyncIterable<FlowMediaPart>,
): Promise<FlowMediaUpload> {
  const { companyId } = actor;
  const stored: { path: string; original: string }[] = [];
  let refusal: unknown;
  try {
    for await (const part of parts) {
      if (part.type === "field") continue;
      if (refusal !== undefined || part.field !== "medias") {
        await part.discard();
        continue;
      }
      try {
        const index = stored.length;
        const data = await part.read();
        if (data.length === 0) throw invalid(`body.medias.${index}`, "required");
        const type = await detectUpload(data, part.fileName);
        const limit = type && ACCEPTED[route][type.extension];
        if (!type || limit === undefined) throw invalid(`body.medias.${index}`, "unsupportedType");
        if (data.length > limit) {
          throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
        }
        const saved = await deps.media.save(companyId, { data, originalName: part.fileName });
        stored.push({ path: saved.path, original: saved.name });
      } catch (error) {
        refusal = error;
      }
    }
    if (refusal !== undefined) throw refusal;
    if (stored.length === 0) throw invalid("body.medias", "required");
    const names = stored.map((file) => storedName(companyId, file.path));
    // Only what was uploaded here may be named by the company's documents (flowMediaRefs).
    await insertFlowMedia(deps.db, companyId, names);
    return { name: names[0]!, names, originals: stored.map((file) => file.original) };
  } catch (error) {
    await removeStored(
      deps,
      stored.map((file) => file.path),
    );
    throw error;
  }
}

/** A media file a document names, and where (the path of its field in the saved body). */
export interface FlowMediaRef {
  name: string;
  path: string;
}

/** The flow media a document names: media nodes' urls and content sequences' media elements. */
export function flowMediaRefs(content: FlowContent): FlowMediaRef[] {
  const refs: FlowMediaRef[] = [];
  content.nodes.forEach((node, index) => {
    if (node.type === "img" || node.type === "audio" || node.type === "video") {
      refs.push({ name: node.data.url, path: `body.nodes.${index}.data.url` });
    }
    if (node.type === "singleBlock") {
      node.data.elements.forEach((element, position) => {
        if (element.type === "img" || element.type === "audio" || element.type === "video") {
          refs.push({ name: element.value, path: `body.nodes.${index}.data.elements.${position}.value` });
        }
      });
    }
  });
  return refs;
}

/**
 * After the commit that let go of `names` (a flow saved without them, or deleted): the files no
 * flow uses any more go, with any upload left unused past the grace. A failure is only logged:
 * the flow's change stands, and the next one sweeps again.
 */
export async function removeUnusedFlowMedia(deps: Deps, companyId: number, names: readonly string[]): Promise<void> {
  try {
    const unusedSince = new Date(Date.now() - FLOW_MEDIA_UNUSED_GRACE_MS);
    const deleted = await deleteUnusedFlowMedia(deps.db, companyId, names, unusedSince);
    await removeStored(
      deps,
      deleted.flatMap((name) => flowMediaStoragePath(companyId, name) ?? []),
    );
  } catch (error) {
    deps.log.error({ err: error, companyId }, "unused flow media not removed");
  }
}
