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
});
