import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

describe("the embedded database", () => {
  it("starts with 32 MB of shared buffers instead of PostgreSQL's 128 MB, which it would hold in this process", async () => {
    const handle = await openDatabase({});
    try {
      const result = (await handle.db.execute(sql`select current_setting('shared_buffers') as buffers`)) as unknown as {
        rows: Array<{ buffers: string }>;
      };
      expect(handle.kind).toBe("pglite");
      expect(result.rows[0]?.buffers).toBe("32MB");
    } finally {
      await handle.close();
    }
  });

  it("creates a new data directory in a child process, which the next start opens with its data", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "atendo-pglite-"));
    try {
      const first = await openDatabase({ dataDir });
      try {
        expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
        await first.db.execute(sql`create table kept (id int)`);
        await first.db.execute(sql`insert into kept values (7)`);
      } finally {
        await first.close();
      }
      const second = await openDatabase({ dataDir });
      try {
        const result = (await second.db.execute(sql`select id from kept`)) as unknown as {
          rows: Array<{ id: number }>;
        };
        expect(result.rows).toEqual([{ id: 7 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
