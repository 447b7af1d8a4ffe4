import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client.js";
import { type Rounds, startRounds } from "../../jobs/rounds.js";
import { selectRows } from "../presence/presence.repository.js";

/**
 * The word indexer of ticket search (migration 0029): a message's insert notes it as pending, and
 * this moves the pending messages' words into the word index in batches, outside the writers'
 * transactions. Search reads the pending bodies itself, so how far behind this runs changes the
 * cost of a search, never its answer.
 */

/** Messages per batch: one transaction of ~10 words each, a few tens of ms. */
export const WORD_INDEX_BATCH = 1000;

/** Writes the words of up to `batch` pending messages; answers how many messages it took. */
export async function indexPendingWords(db: Executor, batch = WORD_INDEX_BATCH): Promise<number> {
  const [row] = await selectRows<{ taken: number }>(db, sql`select message_words_index(${batch}) as taken`);
  return row?.taken ?? 0;
}

/**
 * Each indexed message leaves a dead row and index entry in the pending table, and a search steps over
 * its company's until they are vacuumed (measured: 1.1 ms of a 5.5 ms search after 200,000 messages).
 * Autovacuum may be off or a minute away, so the indexer vacuums the table itself after this many.
 */
export const VACUUM_PENDING_AFTER = 5000;

export async function vacuumPendingWords(db: Executor): Promise<void> {
  await db.execute(sql`vacuum message_words_pending`);
}

/**
 * Every `everyMs`, indexes the pending messages until a batch comes back short, and vacuums the
 * pending table after every `vacuumAfter` messages. Several processes may run it at once: each skips
 * the messages another has taken.
 */
export function startWordIndexer(
  db: Executor,
  log: FastifyBaseLogger,
  { everyMs, vacuumAfter = VACUUM_PENDING_AFTER }: { everyMs: number; vacuumAfter?: number },
): Rounds {
  let sinceVacuum = 0;
  const round = async () => {
    let taken = WORD_INDEX_BATCH;
    while (taken === WORD_INDEX_BATCH) {
      taken = await indexPendingWords(db);
      sinceVacuum += taken;
    }
    if (sinceVacuum >= vacuumAfter) {
      await vacuumPendingWords(db);
      sinceVacuum = 0;
    }
  };
  return startRounds({ everyMs, round, log, failure: "search word indexing failed; trying again" });
}
