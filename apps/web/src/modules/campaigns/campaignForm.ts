import {
  CAMPAIGN_MESSAGE_KEYS,
  CampaignBody,
  type CampaignMessageKey,
  type CampaignRecord,
  type CampaignVariable,
  type TemplateChoice,
} from "@atendo/shared";
import { z } from "zod";

/** Who gets the campaign: a contact list, or the contacts of a tag. */
export type Audience = "contactList" | "tag";

const selectId = z.string();
const messages = Object.fromEntries(CAMPAIGN_MESSAGE_KEYS.map((key) => [key, CampaignBody.shape[key].unwrap()])) as {
  [K in CampaignMessageKey]: z.ZodString;
};

/** A `datetime-local` value ("YYYY-MM-DDTHH:mm", local time), or "" for no start. */
const localDateTime = z
  .string()
  .refine((value) => value === "" || !Number.isNaN(new Date(value).getTime()), "invalidDate");

/**
 * The dialog's form: the shared name and message rules; selects hold ids as text ("" for none).
 * A start needs what sending needs (the server's rule): a connection, an audience, and a
 * message or a media file.
 */
export const CampaignForm = z
  .object({
    name: CampaignBody.shape.name,
    ...messages,
    whatsappId: selectId,
    audience: z.enum(["contactList", "tag"]),
    contactListId: selectId,
    tagListId: selectId,
    fileListId: selectId,
    scheduledAt: localDateTime,
    /** The stored media's name while it is kept; "" when there is none or it is removed. */
    mediaName: z.string(),
    file: z.custom<File>((value) => value instanceof File).optional(),
    /** A Cloud API connection's approved template for recipients outside the 24-hour window, or null. */
    template: z.custom<TemplateChoice | null>(),
  })
  .superRefine((values, ctx) => {
    if (values.template?.variables.some((value) => !value.trim())) {
      ctx.addIssue({ code: "custom", path: ["template"], message: "templateVariables" });
    }
    if (!values.scheduledAt) return;
    if (!values.whatsappId) ctx.addIssue({ code: "custom", path: ["whatsappId"], message: "requiredToStart" });
    const audienceKey = values.audience === "tag" ? "tagListId" : "contactListId";
    if (!values[audienceKey]) ctx.addIssue({ code: "custom", path: [audienceKey], message: "requiredToStart" });
    const hasText = CAMPAIGN_MESSAGE_KEYS.some((key) => values[key].trim());
    if (!hasText && !values.file && !values.mediaName && !values.template) {
      ctx.addIssue({ code: "custom", path: ["message1"], message: "messageOrMedia" });
    }
  });
export type CampaignFormValues = z.infer<typeof CampaignForm>;

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const idText = (id: number | null) => (id === null ? "" : String(id));

export function formValues(initial: CampaignRecord | null): CampaignFormValues {
  return {
    name: initial?.name ?? "",
    message1: initial?.message1 ?? "",
    message2: initial?.message2 ?? "",
    message3: initial?.message3 ?? "",
    message4: initial?.message4 ?? "",
    message5: initial?.message5 ?? "",
    whatsappId: idText(initial?.whatsappId ?? null),
    audience: initial?.tagId ? "tag" : "contactList",
    contactListId: idText(initial?.contactListId ?? null),
    tagListId: idText(initial?.tagId ?? null),
    fileListId: idText(initial?.fileListId ?? null),
    scheduledAt: toLocalInput(initial?.scheduledAt ?? null),
    mediaName: initial?.mediaName ?? "",
    template: initial?.template ?? null,
  };
}

const idOf = (text: string) => (text ? Number(text) : null);

/**
 * POST or PUT /campaigns without the start: the start is saved last (`scheduleBody`),
 * once the media is uploaded, so the campaign cannot start before its media is there.
 * The audience not chosen is cleared.
 */
export function requestBody(values: CampaignFormValues, cloud = false): Omit<CampaignBody, "scheduledAt"> {
  return {
    name: values.name,
    message1: values.message1,
    message2: values.message2,
    message3: values.message3,
    message4: values.message4,
    message5: values.message5,
    whatsappId: idOf(values.whatsappId),
    contactListId: values.audience === "contactList" ? idOf(values.contactListId) : null,
    tagListId: values.audience === "tag" ? idOf(values.tagListId) : null,
    fileListId: idOf(values.fileListId),
    ...templateField(values.template, cloud),
  };
}

/**
 * The template as sent: trimmed on a Cloud API connection (`cloud`); on another one, which could
 * not send it, a template kept from before is cleared (null) and none is left out of the body.
 */
function templateField(template: TemplateChoice | null, cloud: boolean): Pick<CampaignBody, "template"> {
  if (cloud)
    return { template: template && { ...template, variables: template.variables.map((value) => value.trim()) } };
  return template ? { template: null } : {};
}

/** PUT /campaigns/{id}'s start, as an instant with its offset, or null for none. */
export function scheduleBody(values: CampaignFormValues): { scheduledAt: string | null } {
  return { scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null };
}

/** The variables a message may use: the recipient's names, then the campaign settings' own. */
export function messageVariables(variables: readonly CampaignVariable[]): string[] {
  return ["{{firstName}}", "{{name}}", ...variables.map((variable) => `{${variable.key}}`)];
}
