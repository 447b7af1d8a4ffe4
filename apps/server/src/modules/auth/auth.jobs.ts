import { z } from "zod";
import { defineJob } from "../../jobs/define.js";
import {
  CLEANUP_BATCH,
  deleteExpiredRefreshTokens,
  deleteExpiredSessions,
  EXPIRED_ROWS_KEPT_MS,
} from "./auth-cleanup.js";

/** Daily at 03:30 UTC: refresh tokens and sessions over for more than a day are deleted. */
export const authCleanupJob = defineJob({
  name: "auth.cleanup-expired",
  payload: z.object({}),
  cron: "30 3 * * *",
  handler: async (ctx) => {
    const cutoff = new Date(Date.now() - EXPIRED_ROWS_KEPT_MS);
    // Tokens first: a session whose last token goes now is over, and goes in the same run.
    const refreshTokens = await deleteExpiredRefreshTokens(ctx.db, cutoff, CLEANUP_BATCH);
    const sessions = await deleteExpiredSessions(ctx.db, cutoff, CLEANUP_BATCH);
    ctx.log.info({ refreshTokens, sessions }, "expired sign-in rows deleted");
  },
});
