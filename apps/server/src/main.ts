import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { bootstrapSuperAdmin, DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./demo/seed.js";
import { buildApp } from "./http/app.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (error) => console.error("database connection lost:", error.message),
  });
  await database.migrate();
  const { app, ctx } = await buildApp({ config, db: database.db });
  app.log.info({ database: database.kind }, "database ready, migrations applied");

  if (config.seed && (await seedDemo(database.db, ctx))) {
    app.log.info({ logins: Object.values(DEMO_LOGINS), password: DEMO_PASSWORD }, "demo company seeded");
  } else if (config.SUPER_ADMIN_EMAIL && config.SUPER_ADMIN_PASSWORD) {
    if (await bootstrapSuperAdmin(database.db, config.SUPER_ADMIN_EMAIL, config.SUPER_ADMIN_PASSWORD)) {
      app.log.info({ email: config.SUPER_ADMIN_EMAIL }, "platform company and super admin created");
    }
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
}

/** PostgreSQL refusing the login (class 28) or not knowing the database. */
const POSTGRES_SETUP_ERROR = /^(28...|3D000)$/;

/**
 * The reason, when starting failed because of what surrounds the server (an address that
 * does not answer, a port in use, a wrong password): the operator needs that one line, not
 * a stack. Such errors often come wrapped (a failed query whose cause is the connection).
 */
function surroundingsProblem(error: unknown): string | undefined {
  const pending = [error];
  // Bounded: nothing stops a cause chain from looping.
  for (let checked = 0; pending.length > 0 && checked < 10; checked++) {
    const next = pending.shift();
    if (!(next instanceof Error)) continue;
    const code = (next as { code?: unknown }).code;
    const fromSurroundings = typeof code === "string" && (/^E[A-Z]+$/.test(code) || POSTGRES_SETUP_ERROR.test(code));
    // A connection to "localhost" tries each address; the empty-message aggregate holds their reasons.
    if (fromSurroundings && next.message) return next.message;
    pending.push(next.cause, ...(next instanceof AggregateError ? next.errors : []));
  }
  return undefined;
}

main().catch((error) => {
  const problem = surroundingsProblem(error);
  console.error(problem ? `atendo could not start: ${problem}` : error);
  process.exit(1);
});
