import { z } from "zod";

/** The WhatsApp customer service window: free messages only within 24 hours of the customer's last one. */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Variables one template body may take ({{1}} ... {{n}}); Meta allows far fewer in practice. */
export const TEMPLATE_VARIABLES_MAX = 50;
export const TEMPLATE_VARIABLE_MAX = 1024;

/** An approved message template of the connection's business account, as the composer offers it. */
export const CloudTemplate = z.object({
  name: z.string(),
  /** Meta's language code (pt_BR, en_US). */
  language: z.string(),
  category: z.string(),
  /** The BODY component's text, with {{1}}, {{2}} placeholders. */
  body: z.string(),
  /** How many {{n}} placeholders the body has: the values the sender must give. */
  variables: z.number(),
});
export type CloudTemplate = z.infer<typeof CloudTemplate>;

export const CloudTemplateList = z.object({ templates: z.array(CloudTemplate) });
export type CloudTemplateList = z.infer<typeof CloudTemplateList>;

/**
 * Whether a ticket's connection may send free messages now. Only Cloud API connections have a
 * window: for the others `requiresTemplate` is always false and `closesAt` null.
 */
export const TicketSendWindow = z.object({
  ticketId: z.number(),
  /** True when only a template may go out (Cloud API, the customer's last message older than 24 h or none). */
  requiresTemplate: z.boolean(),
  /** When the open window closes (ISO), or null when there is none to close. */
  closesAt: z.string().nullable(),
  /** The connection offers templates (Cloud API). */
  templates: z.boolean(),
});
export type TicketSendWindow = z.infer<typeof TicketSendWindow>;

/**
 * An approved template chosen to send: its name, Meta's language code and the values of its
 * body's {{1}}..{{n}} in order. What the composer sends, and what a campaign or a schedule on a
 * Cloud API connection keeps for recipients outside the 24-hour window.
 */
export const TemplateChoice = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  variables: z
    .array(z.string().trim().min(1, "required").max(TEMPLATE_VARIABLE_MAX, "tooLong"))
    .max(TEMPLATE_VARIABLES_MAX)
    .default([]),
});
export type TemplateChoice = z.infer<typeof TemplateChoice>;

export const SendTemplateBody = TemplateChoice;
export type SendTemplateBody = z.infer<typeof SendTemplateBody>;

/**
 * "Olá {{1}}" with ["Ana"] → "Olá Ana": what the message list shows of a sent template. A value not
 * given yet (missing or blank) keeps its placeholder, so a preview shows what is still to fill.
 */
export function renderTemplate(body: string, variables: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, index: string) => {
    const value = variables[Number(index) - 1];
    return value?.trim() ? value : placeholder;
  });
}

/**
 * What a campaign's report or a schedule's conversation keeps of a template sent where its body
 * is not at hand (it lives on Meta's side): "retomar_atendimento (pt_BR): Ana, pedido 12".
 */
export function templateSummary(template: TemplateChoice): string {
  const values = template.variables.join(", ");
  return `${template.name} (${template.language})${values ? `: ${values}` : ""}`;
}

/** The number of distinct {{n}} placeholders (the highest n). */
export function templateVariableCount(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(/\{\{(\d+)\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}
