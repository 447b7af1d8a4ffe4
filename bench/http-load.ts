// The load generator of the HTTP benchmarks: autocannon in a child process of its own, so the client
// never shares an event loop with the server it measures (the earlier fetch loop ran inside the
// benchmark's process, and for the in-process benches inside the server's). The parent writes the plan
// to the child's stdin and reads one JSON result from its stdout.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export interface LoadPlan {
  base: string;
  connections: number;
  /** At most this many requests (0: no bound), and for `seconds`. */
  requests: number;
  seconds: number;
  /** Request i asks for paths[i % paths.length] with tokens[i % tokens.length]. */
  paths: string[];
  tokens: string[];
  /** Requests sent first and not measured (JIT, plan cache, first statements per connection). */
  warmup?: number;
  /** Requests per second over all connections (0: as fast as answers come). */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  /** Socket errors, timeouts and answers other than 2xx. */
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const self = fileURLToPath(import.meta.url);

/** Runs the plan in a child process and answers its figures. */
export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The plan goes through stdin: thousands of paths with their tokens exceed an argument's size limit (E2BIG).
    const child = spawn(process.execPath, ["--import", "tsx", self], { stdio: ["pipe", "pipe", "inherit"] });
    child.stdin.end(JSON.stringify(plan));
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(out) as LoadResult);
    });
  });
}

function run(plan: LoadPlan, requests: number, seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: plan.base,
    connections: plan.connections,
    duration: seconds,
    ...(requests > 0 ? { amount: requests } : {}),
    ...(plan.rate ? { overallRate: plan.rate } : {}),
    requests: [
      {
        setupRequest: (request) => {
          const i = next++;
          request.path = plan.paths[i % plan.paths.length]!;
          request.headers = { ...request.headers, authorization: `Bearer ${plan.tokens[i % plan.tokens.length]}` };
          return request;
        },
      },
    ],
  });
}

async function child(plan: LoadPlan): Promise<LoadResult> {
  if (plan.warmup) await run(plan, plan.warmup, plan.seconds);
  const result = await run(plan, plan.requests, plan.seconds);
  const answered = result.requests.total;
  return {
    requests: answered,
    errors: result.errors + result.timeouts + result.non2xx,
    rps: Math.round(answered / (result.duration || plan.seconds)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
  };
}

if (process.argv[1] === self) {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const plan = JSON.parse(input) as LoadPlan;
  process.stdout.write(JSON.stringify(await child(plan)));
}
