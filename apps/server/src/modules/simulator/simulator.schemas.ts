import { MEDIA_TYPES } from "@atendo/shared";
import { z } from "zod";

/**
 * The simulator's HTTP contract. Outside tests use these shapes, so fields are
 * only ever added. (They move to packages/shared with the simulator page.)
 */
const digits = z.string().regex(/^\d{8,20}$/, "digits only, with the country code");

export const SimulatorScanParams = z.object({ whatsappId: z.coerce.number().int().positive() });

export const SimulatorInboundBody = z
  .object({
    whatsappId: z.coerce.number().int().positive(),
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
    group: z.object({ id: z.string().trim().min(1).max(50), name: z.string().trim().min(1).max(100) }).optional(),
    media: z
      .object({
        /** "document" is WhatsApp's word for what the spec files as "application". */
        type: z.enum(["image", "audio", "video", "application", "document"]),
        fileName: z.string().trim().min(1).max(200),
        /** Plain base64 or a data URL. */
        base64: z.string().min(1),
        mimeType: z.string().max(100).optional(),
      })
      .optional(),
    location: z
      .object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        description: z.string().max(500).optional(),
      })
      .optional(),
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
  whatsappId: z.coerce.number().int().positive(),
  to: digits.optional(),
});

export const SimulatorOutboundItem = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  mediaName: z.string().nullable(),
  ack: z.number().int(),
  quotedId: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});

export const SimulatorReadBody = z.object({ whatsappId: z.coerce.number().int().positive(), from: digits });
export const SimulatorReadAnswer = z.object({ read: z.number().int() });

export const SimulatorScanAnswer = z.object({ number: z.string() });
