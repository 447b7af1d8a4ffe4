import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Runs `work` over `items` with at most `limit` at once. Each lane gives the event loop a turn
 * before its next item: a send's continuations otherwise run straight into the next send's, and
 * hundreds of them in one turn held requests waiting (up to 320 ms per 5 s window at 450 msg/s).
 */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      await work(items[next++]!);
      await nextTurn();
    }
  });
  await Promise.all(lanes);
}
