import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type DetectedFile, detectFile } from "./file-kind.js";

/** Where uploaded and received media live; served read-only under /public/. */
export interface MediaStorage {
  root: string;
  /**
   * Stores a file under a name the server generates, with the extension its
   * bytes earn (see file-kind.ts), and answers its public path, relative to
   * /public/. The original name is only the display name: every way a file
   * enters goes through here, so none can choose how /public/ serves it.
   */
  save(
    companyId: number,
    file: { data: Buffer; originalName: string },
  ): Promise<{ path: string; name: string; type: DetectedFile }>;
  /** A stored file's bytes (a schedule's or a campaign's media, sent later); ENOENT when it is gone. */
  read(path: string): Promise<Buffer>;
  remove(path: string): Promise<void>;
  publicUrl(path: string): string;
}

/** Client file names are shown, never used as paths: the last segment, printable, bounded; `fallback` when nothing is left. */
export function displayName(fileName: string, fallback: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return (base || fallback).slice(0, 200);
}

export function createMediaStorage(dataDir: string): MediaStorage {
  const root = resolve(dataDir, "media");
  return {
    root,
    async save(companyId, file) {
      const type = await detectFile(file.data, file.originalName);
      const name = `${randomUUID()}.${type.extension}`;
      const dir = join(root, `company${companyId}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), file.data);
      return {
        path: `company${companyId}/${name}`,
        name: displayName(file.originalName, `file.${type.extension}`),
        type,
      };
    },
    async read(path) {
      const full = resolve(root, path);
      if (!full.startsWith(`${root}/`)) {
        throw Object.assign(new Error(`not a stored file: ${path}`), { code: "ENOENT" });
      }
      return readFile(full);
    },
    async remove(path) {
      const full = resolve(root, path);
      if (!full.startsWith(root)) return;
      await rm(full, { force: true });
    },
    publicUrl: (path) => `/public/${path}`,
  };
}
