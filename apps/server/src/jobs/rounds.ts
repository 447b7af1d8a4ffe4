import type { FastifyBaseLogger } from "fastify";

export interface Rounds {
  /** Ends the rounds after the one in flight, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `everyMs` after the previous one ended (never two at once), in the background of
 * this process, until stopped. A failing round (the database away) is logged once per streak of
 * failures, with `failure` as its message, and the next round tries again.
 */
export function startRounds(options: {
  everyMs: number;
  round: () => Promise<unknown>;
  log: FastifyBaseLogger;
  failure: string;
}): Rounds {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  let failing = false;
  const run = async () => {
    try {
      await options.round();
      failing = false;
    } catch (error) {
      if (!failing) options.log.warn({ err: error }, options.failure);
      failing = true;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = run().finally(schedule);
    }, options.everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
