import { inArray, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { passwordResets } from "../../db/schema/index.js";
import { deleteInBatches } from "../auth/auth-cleanup.js";

/** Reset codes that expired before `cutoff`, used or not: none of them can be redeemed. */
export async function deleteExpiredPasswordResets(db: Executor, cutoff: Date, limit: number): Promise<number> {
  return deleteInBatches(async (batch) => {
    const expired = db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(lt(passwordResets.expiresAt, cutoff))
      .limit(batch);
    const deleted = await db
      .delete(passwordResets)
      .where(inArray(passwordResets.id, expired))
      .returning({ id: passwordResets.id });
    return deleted.length;
  }, limit);
}
