import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * The HTTP shell every fake remote service shares (Typebot, webhook receiver, Dialogflow, OpenAI
 * and Azure speech, Asaas): a server on 127.0.0.1, each request read whole before the fake's
 * handler sees it, its answer written back, and a close that does not wait for kept-alive sockets.
 * Each fake keeps its own record of the calls, in the shape its tests check.
 */

/** A request as a fake's handler sees it: its body already read. */
export interface FakeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** The query as it came ("?a=1", or empty). */
  search: string;
  headers: IncomingHttpHeaders;
  /** The body's bytes (empty when none). */
  raw: Buffer;
  /** The body as UTF-8 text. */
  text: string;
  /** The body parsed as JSON; undefined when it is empty. */
  json(): Record<string, unknown> | undefined;
}

/** What the fake answers: a status, then JSON (`json`) or bytes (`body`), with extra headers. */
export interface FakeAnswer {
  status: number;
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string | number>;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeServer {
  /** http://127.0.0.1:{port}, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** A JSON answer, as most fake routes give. */
export function jsonAnswer(status: number, json: unknown, headers?: Record<string, string | number>): FakeAnswer {
  return { status, json, ...(headers ? { headers } : {}) };
}

/**
 * Serves `handle` on 127.0.0.1 at `port` (0: any free port; the browser tests give the one the
 * product is configured with). A handler that throws answers 500 with its message, so a broken
 * fake shows in the test's failure rather than as a hung request.
 */
export async function startFakeServer(handle: FakeHandler, port = 0): Promise<FakeServer> {
  const server = createServer(async (incoming, response) => {
    let answer: FakeAnswer;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const text = raw.toString("utf8");
      const url = new URL(incoming.url ?? "/", "http://fake");
      answer = await handle({
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        search: url.search,
        headers: incoming.headers,
        raw,
        text,
        json: () => (text ? (JSON.parse(text) as Record<string, unknown>) : undefined),
      });
    } catch (error) {
      answer = jsonAnswer(500, { message: `fake server: ${(error as Error).message}` });
    }
    // The client may have given up meanwhile (a test of timeouts): nothing left to answer.
    if (response.destroyed) return;
    const body = answer.json !== undefined ? JSON.stringify(answer.json) : answer.body;
    response.writeHead(answer.status, {
      ...(answer.json !== undefined ? { "content-type": "application/json; charset=utf-8" } : {}),
      ...answer.headers,
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
