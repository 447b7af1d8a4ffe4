import type { IncomingHttpHeaders } from "node:http";
import { jsonAnswer, startFakeServer } from "./fake-server.js";

/*
 * A webhook receiver for the n8n and webhook integrations' tests: it records each delivery's raw
 * body and headers and answers the statuses the test scripts.
 */

export interface ReceivedDelivery {
  at: number;
  headers: IncomingHttpHeaders;
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
  const server = await startFakeServer((request) => {
    const status = request.path === path ? (scripted.shift() ?? 200) : 404;
    received.push({ at: Date.now(), headers: request.headers, raw: request.text, status });
    return jsonAnswer(status, status === 200 ? { message: "Workflow was started" } : { message: "error" });
  });
  return {
    url: `${server.url}${path}`,
    received,
    answer: (...statuses) => void scripted.push(...statuses),
    close: server.close,
  };
}
