import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A webhook receiver for the n8n and webhook integrations' tests: it records each delivery's raw
 * body and headers and answers the statuses the test scripts.
 */

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

async function listen(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface ReceivedDelivery {
  at: number;
  headers: IncomingMessage["headers"];
  raw: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The statuses of the next deliveries, in order; 200 once they run out. */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/webhook/atendo-c0ffee"): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const scripted: number[] = [];
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const status = new URL(request.url ?? "/", "http://fake").pathname === path ? (scripted.shift() ?? 200) : 404;
    received.push({ at: Date.now(), headers: request.headers, raw, status });
    json(response, status, status === 200 ? { message: "Workflow was started" } : { message: "error" });
  });
  const base = await listen(server);
  return {
    url: `${base}${path}`,
    received,
    answer: (...statuses) => void scripted.push(...statuses),
    close: close(server),
  };
}
