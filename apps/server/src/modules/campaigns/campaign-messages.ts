import { CAMPAIGN_MESSAGE_KEYS, type CampaignVariable, type TemplateChoice } from "@atendo/shared";

/*
 * What each recipient gets, as pure functions: the pacing of the sends, the variant, the
 * text with its variables, and the message ids that make a resend the same message.
 */

export interface Pacing {
  /** Seconds between two messages. */
  messageInterval: number;
  /** From this many messages on, the longer interval applies (0: never). */
  longerIntervalAfter: number;
  /** Seconds between two messages from then on. */
  greaterInterval: number;
}

/**
 * When the k-th recipient (from 0) is due, in seconds after the start. The gap before the
 * j-th message is messageInterval, or greaterInterval once j reaches longerIntervalAfter:
 * after N messages every later gap is the longer one (the original product's rule).
 * campaigns.repository's schedulePending writes the same rule in SQL.
 */
export function offsetSeconds(k: number, pacing: Pacing): number {
  const { messageInterval: m, longerIntervalAfter: n, greaterInterval: g } = pacing;
  if (n > 0 && k >= n) return (n - 1) * m + (k - n + 1) * g;
  return k * m;
}

type Messages = Record<(typeof CAMPAIGN_MESSAGE_KEYS)[number], string>;

/** The variants that have text, as 0-based indexes of message1..message5. */
export function filledVariants(campaign: Messages): number[] {
  return CAMPAIGN_MESSAGE_KEYS.flatMap((key, index) => (campaign[key].trim() ? [index] : []));
}

/** The text of a variant; one emptied since planning (a cancelled campaign edited) falls back to the first filled. */
export function variantText(campaign: Messages, variant: number): string {
  const own = campaign[CAMPAIGN_MESSAGE_KEYS[variant] ?? "message1"];
  if (own.trim()) return own;
  const [first] = filledVariants(campaign);
  return first === undefined ? "" : campaign[CAMPAIGN_MESSAGE_KEYS[first]!];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Variables: {{name}} and {{firstName}} of the recipient, then each `{key}` of the campaign
 * settings' variables (after the built-in ones, so a variable called "name" cannot break {{name}}).
 */
export function renderMessage(
  text: string,
  recipient: { name: string },
  variables: readonly CampaignVariable[],
): string {
  const name = recipient.name.trim();
  const firstName = name.split(/\s+/)[0] ?? "";
  let rendered = text.replaceAll("{{name}}", name).replaceAll("{{firstName}}", firstName);
  for (const variable of variables) {
    rendered = rendered.replace(new RegExp(`\\{${escapeRegExp(variable.key)}\\}`, "g"), () => variable.value);
  }
  return rendered;
}

/**
 * The id of one part (0: the text or media; 1..: the file list's files) of one recipient's
 * messages: derived from the shipping row, so a part sent again after a crash carries the
 * id it had, and the network keeps it once. Upper-case hex like WhatsApp's own ids.
 */
export function partMessageId(campaignId: number, shippingId: number, part: number): string {
  const hex = (value: number, width: number) => value.toString(16).toUpperCase().padStart(width, "0");
  return `3EB0C${hex(campaignId, 8)}${hex(shippingId, 8)}${hex(part, 3)}`;
}

/** The campaign's template for one recipient: its variables rendered as the messages are ({{name}}...). */
export function recipientTemplate(
  template: TemplateChoice,
  recipient: { name: string },
  variables: readonly CampaignVariable[],
): TemplateChoice {
  return { ...template, variables: template.variables.map((value) => renderMessage(value, recipient, variables)) };
}
