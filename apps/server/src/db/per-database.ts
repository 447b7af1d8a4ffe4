import type { Database } from "./client.js";

/**
 * State a process keeps for one database handle: caches and prepared queries.
 * Keyed by the handle, not held globally, because tests run several apps, each
 * on its own database, in one process; a closed handle's state goes with it.
 */
export function perDatabase<T>(create: (db: Database) => T) {
  const states = new WeakMap<Database, T>();
  return {
    /** The handle's state, created on first use. */
    of(db: Database): T {
      let state = states.get(db);
      if (state === undefined) {
        state = create(db);
        states.set(db, state);
      }
      return state;
    },
    /** The handle's state if it was ever used, without creating it. */
    peek(db: Database): T | undefined {
      return states.get(db);
    },
  };
}
