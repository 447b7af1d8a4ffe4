/**
 * PostgreSQL error codes reach us wrapped (drizzle puts the driver's error in
 * `cause`), so look through the chain. A check before a write answers the
 * common case; these catch the race where two requests pass the check together.
 */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The constraint a unique violation names, or undefined when the error is not one. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  return pg?.code === "23505" ? (pg.constraint ?? "") : undefined;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return uniqueViolation(error) === constraint;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === "23503";
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled back, and the same work may succeed. */
export function isTransientConflict(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === "40P01" || code === "40001";
}

/**
 * Runs `work` (a whole transaction) again when PostgreSQL chose it as a deadlock's victim or
 * refused it for serialization: the rollback undid it, so running it again is safe.
 */
export async function retryTransientConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}
