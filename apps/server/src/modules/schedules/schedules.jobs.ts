import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";
import type { ScheduleRow, ScheduleSendRef } from "./schedules.repository.js";
import { sendDueSchedule } from "./schedules.send.js";

/**
 * A schedule's send, due at its sendAt. One job per version of the schedule: moving it (or
 * retrying it after an error) writes a new version's job, and an outdated job finds nothing to
 * take, so no job is ever cancelled. The heartbeat finds a send whose process died within
 * seconds, and its retry marks the schedule interrupted rather than sending it again.
 */
export const sendScheduleJob = defineJob<ScheduleSendRef>({
  name: "schedules.send",
  payload: z.object({
    companyId: z.number().int().positive(),
    scheduleId: z.number().int().positive(),
    version: z.number().int().min(0),
  }),
  concurrency: 2,
  heartbeatSeconds: 10,
  handler: (ctx, ref) => sendDueSchedule(ctx, ref),
});

/** Written in the transaction that saves the schedule, so the row and its send commit together. */
export async function enqueueScheduleSend(
  deps: Pick<AppContext, "jobs">,
  tx: Executor,
  row: Pick<ScheduleRow, "companyId" | "id" | "sendVersion" | "sendAt">,
): Promise<void> {
  await deps.jobs.enqueue(
    sendScheduleJob,
    { companyId: row.companyId, scheduleId: row.id, version: row.sendVersion },
    { tx, runAt: row.sendAt },
  );
}
