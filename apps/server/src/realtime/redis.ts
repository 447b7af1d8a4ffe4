import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";

/** Reconnect delays double from this... */
const FIRST_RECONNECT_DELAY_MS = 100;
/** ...up to this, so a Redis that comes back is found within about this long. */
const MAX_RECONNECT_DELAY_MS = 2_000;
/** At shutdown, how long pending publishes may take to leave before the connection is dropped. */
const CLOSE_GRACE_MS = 1_000;

/**
 * The Redis link of the Socket.IO adapter. Redis only carries events between
 * processes, so losing it must never stop this one: the clients reconnect
 * forever, and what they hand the adapter never rejects or throws.
 */
export interface RedisLink {
  /** For the adapter: a failed publish is dropped, so a broadcast still reaches this process's sockets. */
  publisher: Client;
  /** For the adapter: subscriptions wait for a connection, and are renewed on every reconnect. */
  subscriber: Client;
  /** Both clients are connected: events reach every process. */
  isUp(): boolean;
  close(): Promise<void>;
}

/** Connects in the background: the server starts, and serves its own sockets, while Redis is away. */
export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  const publisher = newClient(url);
  const subscriber = newClient(url);
  const clients = [publisher, subscriber];

  let closing = false;
  let down = false;
  const isUp = () => clients.every((client) => client.isReady);
  for (const client of clients) {
    // node-redis emits 'error' on every failed reconnect; with no listener, that ends the process.
    client.on("error", (error: unknown) => {
      if (closing) return;
      if (down) return void log.debug({ err: error }, "redis still unavailable");
      down = true;
      log.warn({ err: error }, "redis unavailable: realtime events stay on this process");
    });
    client.on("ready", () => {
      if (!down || !isUp()) return;
      down = false;
      log.info("redis back: realtime events reach every process again");
    });
    // The first connection, like every later one, is retried until close; failures surface as 'error'.
    client.connect().catch(() => undefined);
  }

  const publish = (...args: Parameters<Client["publish"]>) =>
    publisher.publish(...args).catch((error: unknown) => {
      log.debug({ err: error }, "redis publish dropped");
      return 0;
    });

  // A subscription made while disconnected is rejected and forgotten by node-redis, so it is
  // made once the client is ready, and again after a reconnect if it was lost in between.
  // Once made, node-redis renews it by itself on every reconnect.
  const whenReady = (subscribe: () => Promise<unknown>) => {
    const attempt = () => {
      if (closing) return;
      if (!subscriber.isReady) return void subscriber.once("ready", attempt);
      subscribe().catch((error: unknown) => {
        // Still connected: Redis itself refused (an ACL, say), and other processes' events will not arrive.
        if (subscriber.isReady) log.warn({ err: error }, "redis subscription refused");
        subscriber.once("ready", attempt);
      });
    };
    attempt();
  };
  const unsubscribeQuietly = (unsubscribe: () => Promise<unknown>) => {
    unsubscribe().catch(() => undefined);
  };

  return {
    publisher: facade(publisher, { publish }),
    subscriber: facade(subscriber, {
      subscribe: (...args: Parameters<Client["subscribe"]>) => whenReady(() => subscriber.subscribe(...args)),
      pSubscribe: (...args: Parameters<Client["pSubscribe"]>) => whenReady(() => subscriber.pSubscribe(...args)),
      unsubscribe: (...args: Parameters<Client["unsubscribe"]>) =>
        unsubscribeQuietly(() => subscriber.unsubscribe(...args)),
      pUnsubscribe: (...args: Parameters<Client["pUnsubscribe"]>) =>
        unsubscribeQuietly(() => subscriber.pUnsubscribe(...args)),
    }),
    isUp,
    async close() {
      closing = true;
      await Promise.all(clients.map(shut));
    },
  };
}

function newClient(url: string) {
  return createClient({
    url,
    // Without this, a command sent while Redis is away waits in a queue and rejects with
    // a TimeoutError 5 s later; with it, it fails at once and nothing piles up.
    disableOfflineQueue: true,
    socket: {
      // Never gives up (the default also stops on a socket timeout); the jitter keeps processes apart.
      reconnectStrategy: (retries) =>
        Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.random() * 100,
    },
  });
}
type Client = ReturnType<typeof newClient>;

/**
 * The client with some methods replaced. Other members are bound to the client
 * itself, because node-redis keeps its state in private fields that a proxy
 * receiver cannot reach.
 */
function facade(client: Client, overrides: Record<string, (...args: never[]) => unknown>): Client {
  return new Proxy(client, {
    get(target, key) {
      if (typeof key === "string" && Object.hasOwn(overrides, key)) return overrides[key];
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Lets pending commands finish on a live connection, but never waits on a dead one. */
async function shut(client: Client): Promise<void> {
  if (client.isReady) {
    const closed = await Promise.race([client.close().then(() => true), sleep(CLOSE_GRACE_MS, false, { ref: false })]);
    if (closed) return;
  }
  client.destroy();
}
