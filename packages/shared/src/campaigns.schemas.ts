import { z } from "zod";
import { TemplateChoice } from "./cloud.schemas.js";
import { Id, IsoDate, ListQuery, name } from "./common.schemas.js";
import { CAMPAIGN_EDITABLE_LEAD_MS, CAMPAIGN_MESSAGE_VARIANTS, CAMPAIGN_NEW_TAG_LIST } from "./constants.js";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "./enums.js";

/*
 * Campaigns (document 2 sections 2, 3, 4, 7 and 9): up to five message variants sent
 * to a contact list or to the contacts of a tag, paced by the campaign settings.
 */

/** One variant's text (ours: WhatsApp takes far more, a campaign text is read on a phone). */
export const CAMPAIGN_MESSAGE_MAX = 4096;

export const CAMPAIGN_MESSAGE_KEYS = ["message1", "message2", "message3", "message4", "message5"] as const;
export type CampaignMessageKey = (typeof CAMPAIGN_MESSAGE_KEYS)[number];
if (CAMPAIGN_MESSAGE_KEYS.length !== CAMPAIGN_MESSAGE_VARIANTS) throw new Error("campaign variants out of step");

const nullableId = z.number().nullable();

/** A campaign as lists, the form and the live channel carry it. */
export const CampaignRecord = z.object({
  id: z.number(),
  name: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: IsoDate.nullable(),
  completedAt: IsoDate.nullable(),
  whatsappId: nullableId,
  contactListId: nullableId,
  /** The audience tag (the form's tagListId). */
  tagId: nullableId,
  fileListId: nullableId,
  companyId: z.number(),
  /** The media's public path (/public/...), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  /**
   * WhatsApp Cloud API connections: the approved template recipients outside the 24-hour window
   * get (its variables take {{name}}, {{firstName}} and the settings' variables), or null.
   */
  template: TemplateChoice.nullable().optional(),
  /** Recipients planned (numbers not known to be off WhatsApp), delivered and refused so far. */
  progress: z.object({ valid: z.number(), delivered: z.number(), failed: z.number() }),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type CampaignRecord = z.infer<typeof CampaignRecord>;

/** One recipient on the report: when its message went out (deliveredAt), or was refused. */
export const CampaignShipping = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  /** The text as sent; "" until delivered. */
  message: z.string(),
  /** 1 to 5: which message variant this recipient gets. */
  variant: z.number(),
  sendAt: IsoDate,
  deliveredAt: IsoDate.nullable(),
  failedAt: IsoDate.nullable(),
  /** Why the message was refused (an ERR_* code, ERR_OUTSIDE_WINDOW for one the 24-hour window kept out), or null. */
  error: z.string().nullable().optional(),
});
export type CampaignShipping = z.infer<typeof CampaignShipping>;

/** GET /campaigns/{id}: the campaign with its recipients (shipping) and its list's contacts. */
export const Campaign = CampaignRecord.extend({
  shipping: z.array(CampaignShipping),
  contactList: z
    .object({
      id: z.number(),
      name: z.string(),
      contacts: z.array(
        z.object({ id: z.number(), name: z.string(), number: z.string(), isWhatsappValid: z.boolean().nullable() }),
      ),
    })
    .nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignsListQuery = ListQuery;
export const CampaignsPage = z.object({ records: z.array(CampaignRecord), count: z.number(), hasMore: z.boolean() });
export type CampaignsPage = z.infer<typeof CampaignsPage>;

/** A select's "none" ("" or null, or the form's 'Nenhuma' for the tag) is no id. */
const optionalId = z.preprocess(
  (value) => (value === "" || value === CAMPAIGN_NEW_TAG_LIST ? null : value),
  Id.nullable().optional(),
);

/** The instant to start, or none (""/null): no instant leaves the campaign INATIVA. */
const scheduledAt = z.preprocess(
  (value) => (value === "" ? null : value),
  z.iso
    .datetime({ offset: true, local: true, error: "invalidDate" })
    .refine((value) => value >= "1000" && value < "9000", "invalidDate")
    .nullable()
    .optional(),
);

const message = z.string().max(CAMPAIGN_MESSAGE_MAX, "tooLong").optional();

/**
 * POST /campaigns and PUT /campaigns/{id}. The original form sends the audience tag as
 * tagListId ('Nenhuma' for none) and also companyId, userId and status, which the server
 * decides instead. On PUT a field left out stays as it is.
 */
export const CampaignBody = z.object({
  name: z.string().trim().min(1, "required").pipe(name()),
  message1: message,
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  scheduledAt,
  whatsappId: optionalId,
  contactListId: optionalId,
  tagListId: optionalId,
  fileListId: optionalId,
  /** Cloud API connections only (issue 16): the template for recipients outside the 24-hour window; null for none. */
  template: TemplateChoice.nullable().optional(),
});
export type CampaignBody = z.infer<typeof CampaignBody>;
export const CampaignUpdateBody = CampaignBody.partial();
export type CampaignUpdateBody = z.infer<typeof CampaignUpdateBody>;

/**
 * Document 2 section 4: the form is editable when INATIVA, or PROGRAMADA with the start
 * more than an hour ahead; CANCELADA is read-only but may still be saved.
 */
export function campaignEditable(
  campaign: { status: CampaignStatus; scheduledAt: string | null },
  now: number,
): boolean {
  if (campaign.status === "INATIVA") return true;
  if (campaign.status !== "PROGRAMADA" || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now > CAMPAIGN_EDITABLE_LEAD_MS;
}

/** Whether PUT /campaigns/{id} is accepted: editable, or CANCELADA (its save button). */
export function campaignSavable(
  campaign: { status: CampaignStatus; scheduledAt: string | null },
  now: number,
): boolean {
  return campaign.status === "CANCELADA" || campaignEditable(campaign, now);
}

/** Document 2 section 4: delivered over the recipients with a valid number, in percent (0 to 100). */
export function campaignProgressPercent(progress: { valid: number; delivered: number }): number {
  if (progress.valid === 0) return 0;
  return Math.min(100, Math.round((progress.delivered / progress.valid) * 100));
}
