import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";
import { checkContactListNumbers } from "./contact-lists.number-check.js";

type CheckTarget = { companyId: number; contactListId: number };

/**
 * Checks a list's new numbers on WhatsApp after the items are committed: thousands of
 * numbers take minutes with a real provider, far too long for the request that added them.
 * One check waits per list ("short"): a second request while one waits is already covered.
 */
export const checkContactListNumbersJob = defineJob<CheckTarget>({
  name: "contact-lists.check-numbers",
  payload: z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive() }),
  policy: "short",
  handler: (ctx, target) => checkContactListNumbers(ctx, target),
});

/** Written in the transaction that adds or changes the items, so a crash cannot lose the check. */
export async function enqueueContactListCheck(
  deps: Pick<AppContext, "jobs">,
  tx: Executor,
  target: CheckTarget,
): Promise<void> {
  await deps.jobs.enqueue(checkContactListNumbersJob, target, {
    tx,
    singletonKey: `contact-list:${target.contactListId}`,
  });
}
