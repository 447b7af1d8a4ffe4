// Measures the session routes on the real app: POST /auth/login and GET /auth/me.
// Prints one JSON line per route: { bench, route, requests, p50Ms, p99Ms, rps }.
// Database: DATABASE_URL when set (use a scratch database), else in-memory PGlite.
import { performance } from "node:perf_hooks";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../apps/server/src/demo/seed.js";
import { buildApp } from "../apps/server/src/http/app.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "off", LOGIN_RATE_LIMIT: "1000000" });
const { app, ctx } = await buildApp({ config, db: database.db, logger: false });
await seedDemo(database.db, ctx);
await app.ready();

async function measure(route: string, count: number, send: () => Promise<number>) {
  const timings: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) {
        const t0 = performance.now();
        const status = await send();
        if (status !== 200) throw new Error(`${route} answered ${status}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((x, y) => x - y);
  const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2));
  console.log(
    JSON.stringify({
      bench: "session",
      route,
      requests: timings.length,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      rps: Math.round(timings.length / seconds),
    }),
  );
}

const login = () =>
  app.inject({ method: "POST", url: "/auth/login", payload: { email: DEMO_LOGINS.admin, password: DEMO_PASSWORD } });
const token = (await login()).json().token as string;

await measure("POST /auth/login", Math.min(REQUESTS, 200), async () => (await login()).statusCode);
await measure(
  "GET /auth/me",
  REQUESTS,
  async () => (await app.inject({ url: "/auth/me", headers: { authorization: `Bearer ${token}` } })).statusCode,
);

await app.close();
await database.close();
