import { z } from "zod";
import { Id } from "./common.schemas.js";
import { MEDIA_TYPES } from "./enums.js";

/**
 * The simulator's HTTP contract (the virtual phone network, on when SIMULATOR=on).
 * Outside tests use the scan/inbound/outbound/read shapes, so their fields are only ever added.
 */
export const SIMULATOR_NUMBER_PATTERN = /^\d{8,20}$/;
const digits = z.string().regex(SIMULATOR_NUMBER_PATTERN, "digits only, with the country code");

export const SimulatorScanParams = z.object({ whatsappId: Id });

export const SIMULATOR_MEDIA_TYPES = ["image", "audio", "video", "application", "document"] as const;
export type SimulatorMediaType = (typeof SIMULATOR_MEDIA_TYPES)[number];

export const SimulatorGroup = z.object({
  id: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100),
});
export type SimulatorGroup = z.infer<typeof SimulatorGroup>;

export const SimulatorLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  description: z.string().max(500).optional(),
});
export type SimulatorLocation = z.infer<typeof SimulatorLocation>;

export const SimulatorInboundBody = z
  .object({
    whatsappId: Id,
    /**
     * The message id, chosen by the sending phone as on WhatsApp: a resend after a lost
     * answer reuses it and is stored once. Generated when left out.
     */
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{6,100}$/)
      .optional(),
    from: digits,
    name: z.string().trim().max(100).optional(),
    body: z.string().max(65_536).optional(),
    group: SimulatorGroup.optional(),
    media: z
      .object({
        /** "document" is WhatsApp's word for what the spec files as "application". */
        type: z.enum(SIMULATOR_MEDIA_TYPES),
        fileName: z.string().trim().min(1).max(200),
        /** Plain base64 or a data URL. */
        base64: z.string().min(1),
        mimeType: z.string().max(100).optional(),
      })
      .optional(),
    location: SimulatorLocation.optional(),
    /** A contact card (vCard text). */
    vcard: z.string().min(1).max(10_000).optional(),
    /** The provider id of a message this one replies to. */
    quotedId: z.string().max(200).optional(),
  })
  .refine((value) => value.body?.trim() || value.media || value.location || value.vcard, {
    message: "body, media, location or vcard is required",
    path: ["body"],
  });
export type SimulatorInboundBody = z.infer<typeof SimulatorInboundBody>;

export const SimulatorInboundAnswer = z.object({ id: z.string() });

export const SimulatorOutboundQuery = z.object({
  whatsappId: Id,
  to: digits.optional(),
});

export const SimulatorOutboundItem = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  mediaName: z.string().nullable(),
  /** An audio sent as a voice note (recorded) rather than as a file. */
  voiceNote: z.boolean(),
  ack: z.number().int(),
  quotedId: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type SimulatorOutboundItem = z.infer<typeof SimulatorOutboundItem>;

export const SimulatorReadBody = z.object({ whatsappId: Id, from: digits });
export const SimulatorReadAnswer = z.object({ read: z.number().int() });

export const SimulatorScanAnswer = z.object({ number: z.string() });

/** GET /simulator/status: whether this server runs the virtual phone network (the menu shows the page then). */
export const SimulatorStatus = z.object({ enabled: z.boolean() });
export type SimulatorStatus = z.infer<typeof SimulatorStatus>;

/** The simulated customers and groups that talked on one connection, most recent first. */
export const SimulatorChats = z.object({
  customers: z.array(z.object({ number: z.string(), name: z.string().nullable(), lastAt: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), lastAt: z.string() })),
});
export type SimulatorChats = z.infer<typeof SimulatorChats>;

/** One chat: a private chat with `number`, or a group with `groupId`. */
export const SimulatorChatQuery = z
  .object({
    number: digits.optional(),
    groupId: z.string().trim().min(1).max(50).optional(),
  })
  .refine((value) => Boolean(value.number) !== Boolean(value.groupId), {
    message: "number or groupId is required",
    path: ["number"],
  });
export type SimulatorChatQuery = z.infer<typeof SimulatorChatQuery>;

/**
 * A message of a simulated chat, either direction. Inbound: `received` once the
 * company's connection took it. Outbound: `ack` 1 sent, 2 delivered, 3 read.
 * `mediaUrl` is the company's stored copy, once there is one.
 */
export const SimulatorChatMessage = z.object({
  id: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  from: z.string().nullable(),
  name: z.string().nullable(),
  body: z.string(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  location: SimulatorLocation.nullable(),
  vcard: z.string().nullable(),
  ack: z.number().int().nullable(),
  received: z.boolean().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type SimulatorChatMessage = z.infer<typeof SimulatorChatMessage>;
