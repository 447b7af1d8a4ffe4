import { z } from "zod";
import { defineJob } from "../../jobs/define.js";
import { CLEANUP_BATCH, EXPIRED_ROWS_KEPT_MS } from "../auth/auth-cleanup.js";
import { deleteExpiredPasswordResets } from "./password-reset.cleanup.js";

/** Daily at 03:35 UTC: reset codes expired for more than a day are deleted. */
export const passwordResetCleanupJob = defineJob({
  name: "password-reset.cleanup-expired",
  payload: z.object({}),
  cron: "35 3 * * *",
  handler: async (ctx) => {
    const cutoff = new Date(Date.now() - EXPIRED_ROWS_KEPT_MS);
    const codes = await deleteExpiredPasswordResets(ctx.db, cutoff, CLEANUP_BATCH);
    ctx.log.info({ codes }, "expired password reset codes deleted");
  },
});
