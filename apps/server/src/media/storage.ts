import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";

/** Where uploaded and received media live; served read-only under /public/. */
export interface MediaStorage {
  root: string;
  /**
   * Stores a file under a name the server generates (never one from the request)
   * and answers its public path, relative to /public/.
   */
  save(companyId: number, file: { data: Buffer; originalName: string }): Promise<{ path: string; name: string }>;
  remove(path: string): Promise<void>;
  publicUrl(path: string): string;
}

const SAFE_EXTENSION = /^\.[a-z0-9]{1,8}$/;

export function createMediaStorage(dataDir: string): MediaStorage {
  const root = resolve(dataDir, "media");
  return {
    root,
    async save(companyId, file) {
      const extension = extname(file.originalName).toLowerCase();
      const name = `${randomUUID()}${SAFE_EXTENSION.test(extension) ? extension : ""}`;
      const dir = join(root, `company${companyId}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), file.data);
      return { path: `company${companyId}/${name}`, name: file.originalName.slice(0, 200) };
    },
    async remove(path) {
      const full = resolve(root, path);
      if (!full.startsWith(root)) return;
      await rm(full, { force: true });
    },
    publicUrl: (path) => `/public/${path}`,
  };
}
