import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { inPool } from "./in-pool.js";

describe("inPool", () => {
  it("keeps at most `limit` items in flight, does every one, and gives the event loop a turn between them", async () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    // Event-loop turns taken while the pool runs: a timer or a request waiting gets these.
    let turns = 0;
    let running = true;
    const ticker = (async () => {
      while (running) {
        await nextTurn();
        turns++;
      }
    })();
    await inPool(items, 4, async (item) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Work that resolves in microtasks only, as a burst of sends' continuations does.
      await Promise.resolve();
      done.push(item);
      inFlight--;
    });
    running = false;
    await ticker;
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual(items);
    // One turn per round of the 4 lanes (40 items): without the yield, none.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
