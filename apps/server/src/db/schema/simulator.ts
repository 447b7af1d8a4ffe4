import type { MediaType } from "@atendo/shared";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id } from "./columns.js";
import { whatsapps } from "./whatsapps.js";

/**
 * The simulator's "network side": what WhatsApp's servers would hold for a
 * connection. It is not tenant data (the phone network knows connections, not
 * companies), so these tables are keyed by the connection alone.
 */

/** A connection whose QR code the simulator has scanned; it reconnects without a new QR. */
export const simulatorDevices = pgTable("simulator_devices", {
  whatsappId: integer()
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: "cascade" }),
  number: varchar({ length: 30 }).notNull(),
  pairedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What a simulated customer sent, as the network keeps it until the connection acknowledges it. */
export interface SimulatorInboundPayload {
  from: string;
  name?: string;
  body: string;
  timestamp: number;
  group?: { id: string; name: string };
  media?: { type: MediaType; fileName: string; mimeType: string; base64: string };
  location?: { lat: number; lng: number; description?: string };
  vcard?: string;
  quotedProviderId?: string;
}

export const simulatorInbound = pgTable(
  "simulator_inbound",
  {
    id: id(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    providerId: varchar({ length: 64 }).notNull(),
    payload: jsonb().$type<SimulatorInboundPayload>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last time it was handed to the connection; redelivered until acknowledged. */
    deliveredAt: timestamp({ withTimezone: true }),
    ackedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("simulator_inbound_provider_unique").on(t.whatsappId, t.providerId),
    // The pending sweep reads "this connection, not acknowledged, oldest first" from here.
    index("simulator_inbound_pending_idx").on(t.whatsappId, t.ackedAt, t.id),
  ],
);

/** What a company sent to a simulated customer, with the ack the customer's phone reported. */
export const simulatorOutbound = pgTable(
  "simulator_outbound",
  {
    id: id(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    providerId: varchar({ length: 64 }).notNull(),
    to: varchar({ length: 50 }).notNull(),
    body: text().notNull().default(""),
    mediaType: varchar({ length: 30 }).$type<MediaType>(),
    mediaName: text(),
    /** An audio the company sent as a voice note (ptt) rather than as a file. */
    voiceNote: boolean().notNull().default(false),
    quotedId: varchar({ length: 200 }),
    /** 1 sent, 2 delivered, 3 read. */
    ack: smallint().notNull().default(1),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulator_outbound_provider_unique").on(t.whatsappId, t.providerId),
    index("simulator_outbound_to_idx").on(t.whatsappId, t.to, t.id),
  ],
);
