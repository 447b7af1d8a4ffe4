import { mkdirSync } from "node:fs";
import { extname } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { servedType } from "./file-kind.js";

/**
 * Media is served from our own origin, where the access token lives: a file
 * that a browser rendered as a document could read it. So the type comes
 * from the stored extension through the list (never from a MIME guess), only
 * images, audio and video are inline, nothing is sniffed, and a document
 * that slips through anyway runs sandboxed, without script.
 */
const MEDIA_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** Serves stored media read-only under /public/ (file names are the server's own, see storage.ts). */
export async function registerMediaRoute(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: "/public/",
    decorateReply: false,
    index: false,
    serve: true,
    preCompressed: false,
    // Ours is set below from the list; send's would follow the extension to text/html.
    contentType: false,
    setHeaders(reply, path) {
      const { contentType, inline } = servedType(extname(path).slice(1));
      reply.headers({ ...MEDIA_HEADERS, "content-type": contentType });
      if (!inline) reply.header("content-disposition", "attachment");
    },
  });
}
