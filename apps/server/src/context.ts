import type { FastifyBaseLogger } from "fastify";
import type { InboundSink } from "./channels/provider.js";
import type { SessionManager } from "./channels/sessions.js";
import type { Config } from "./config.js";
import type { Database, Executor } from "./db/client.js";
import type { Jobs } from "./jobs/jobs.js";
import type { Mailer } from "./mail/mailer.js";
import type { MediaStorage } from "./media/storage.js";
import type { TokenSigner } from "./modules/auth/tokens.js";
import type { sendTicketMessage } from "./modules/messages/send.js";
import type { Realtime } from "./realtime/gateway.js";
import type { Secrets } from "./secrets/secrets.js";

/** What services depend on, handed to them explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenSigner;
  mailer: Mailer;
  media: MediaStorage;
  realtime: Realtime;
  /** Seals and opens the tenants' stored service keys. */
  secrets: Secrets;
  /** Background jobs (pg-boss on the same database). */
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** The running WhatsApp sessions (set by registerChannels while the app is built). */
  sessions?: SessionManager;
  /**
   * The one sending path (modules/messages/send.ts), handed to the modules the messages module
   * builds on: a ticket's transitions and timers send their automatic messages through it, since
   * tickets cannot import messages without an import cycle.
   */
  sendMessage: typeof sendTicketMessage;
  /**
   * Stops the automation of a ticket a person takes over (accept, transfer, close) in the
   * transaction that takes it: its flow run ends (automation/flows). Handed to the tickets
   * module for the same reason as sendMessage.
   */
  stopAutomation: (tx: Executor, ticket: { companyId: number; id: number }) => Promise<void>;
  /** Where the running sessions hand inbound messages, acks and calls (ingestion and calls). */
  inbound: InboundSink;
}
