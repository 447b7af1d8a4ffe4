// The load generator of the HTTP benchmarks: `connections` keep-alive clients
// (node's fetch) sending requests in turn. It runs in the benchmark's process:
// on 2 cores a worker thread for the client measured slower (353 against 480
// req/s on shape A), the client then competing with the server for a core.

export interface LoadPlan {
  base: string;
  connections: number;
  /** At most this many requests, and for at most `seconds`. */
  requests: number;
  seconds: number;
  /** Request i asks for paths[i % paths.length] with tokens[i % tokens.length]. */
  paths: string[];
  tokens: string[];
  /** Requests sent first and not measured (JIT, plan cache, first statements per connection). */
  warmup?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The last successful answer's body, for figures such as a list's count. */
  lastBody: string;
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  if (plan.warmup) await measureLoad({ ...plan, requests: plan.warmup, warmup: 0 });
  return measureLoad(plan);
}

async function measureLoad(plan: LoadPlan): Promise<LoadResult> {
  const timings: number[] = [];
  let errors = 0;
  let lastBody = "";
  let next = 0;
  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      for (let i = next++; i < plan.requests && performance.now() < deadline; i = next++) {
        const path = plan.paths[i % plan.paths.length]!;
        const t0 = performance.now();
        const response = await fetch(plan.base + path, {
          headers: { authorization: `Bearer ${plan.tokens[i % plan.tokens.length]}` },
        });
        const body = await response.text();
        timings.push(performance.now() - t0);
        if (response.status === 200) lastBody = body;
        else if (errors++ === 0) console.error(path, response.status, body.slice(0, 200));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((x, y) => x - y);
  const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2));
  return {
    requests: timings.length,
    errors,
    rps: Math.round(timings.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    lastBody,
  };
}
