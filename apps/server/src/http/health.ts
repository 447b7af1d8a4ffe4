import { APP_VERSION } from "@atendo/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";

/** A probe must hear about a stuck database quickly rather than wait for the pool. */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS);
  });
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health` for load balancers and uptime probes, also answered at `/` to
 * anything that is not a browser asking for the web client (the history-API
 * fallback answers those), so a probe of the bare address sees the product up.
 */
export function registerHealth(app: FastifyInstance, db: Database): void {
  const handler = async (_request: unknown, reply: { status(code: number): unknown }) => {
    const database = (await databaseAnswers(db)) ? "up" : "down";
    reply.status(database === "up" ? 200 : 503);
    return { status: database === "up" ? "ok" : "degraded", version: APP_VERSION, database };
  };
  app.get("/health", { schema: { hide: true } }, handler);
  app.get("/", { schema: { hide: true } }, handler);
}
