import {
  type CloudTemplateList,
  CUSTOMER_SERVICE_WINDOW_MS,
  renderTemplate,
  type SendTemplateBody,
  type TicketMessage,
  type TicketSendWindow,
} from "@atendo/shared";
import { lastInboundAt } from "../../channels/cloud/cloud.repository.js";
import { approvedTemplates } from "../../channels/cloud/cloud.templates.js";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findSendingConnection } from "../messages/messages.repository.js";
import { toTicketMessage } from "../messages/messages.serializers.js";
import { visibleTicket } from "../messages/messages.service.js";
import { sendTicketMessage } from "../messages/send.js";
import { findWhatsapp } from "../whatsapps/whatsapps.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "secrets" | "config">;

/** The approved templates of one of the company's connections (none for providers without templates). */
export async function listConnectionTemplates(
  deps: Deps,
  actor: AuthSession,
  whatsappId: number,
): Promise<CloudTemplateList> {
  const whatsapp = await findWhatsapp(deps.db, actor.companyId, whatsappId);
  if (!whatsapp) throw new AppError("ERR_NO_WAPP_FOUND");
  return { templates: await approvedTemplates(deps, whatsapp.id) };
}

/** Whether the ticket's connection may send free messages now (the Cloud API's 24-hour window). */
export async function ticketSendWindow(deps: Deps, actor: AuthSession, ticketId: number): Promise<TicketSendWindow> {
  const { ticket, contact } = await visibleTicket(deps, actor, ticketId);
  const whatsapp = await findSendingConnection(deps.db, actor.companyId, ticket.whatsappId);
  if (whatsapp?.provider !== "cloud") {
    return { ticketId: ticket.id, requiresTemplate: false, closesAt: null, templates: false };
  }
  const last = await lastInboundAt(deps.db, whatsapp, { contactId: contact.id });
  const closesAt = last ? new Date(last.getTime() + CUSTOMER_SERVICE_WINDOW_MS) : undefined;
  const open = closesAt !== undefined && closesAt.getTime() > Date.now();
  return {
    ticketId: ticket.id,
    requiresTemplate: !open,
    closesAt: open ? closesAt.toISOString() : null,
    templates: true,
  };
}

/**
 * An attendant sends an approved template: checked against the business account's list (its
 * variables counted), then through the one sending path, the rendered text as the message's body.
 */
export async function sendTemplateMessage(
  deps: Deps,
  actor: AuthSession,
  ticketId: number,
  input: SendTemplateBody,
): Promise<TicketMessage> {
  const { ticket, contact } = await visibleTicket(deps, actor, ticketId);
  if (ticket.status === "closed") {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "params.ticketId", message: "ticketClosed" }] });
  }
  const whatsapp = await findSendingConnection(deps.db, actor.companyId, ticket.whatsappId);
  if (!whatsapp) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const template = (await approvedTemplates(deps, whatsapp.id)).find(
    (candidate) => candidate.name === input.name && candidate.language === input.language,
  );
  if (!template) throw new AppError("ERR_NO_TEMPLATE_FOUND");
  if (input.variables.length !== template.variables) {
    throw new AppError("ERR_VALIDATION", {
      fields: [{ path: "body.variables", message: `expected ${template.variables}` }],
    });
  }
  const row = await sendTicketMessage(deps, ticket, {
    body: renderTemplate(template.body, input.variables) || template.name,
    template: { name: template.name, language: template.language, variables: input.variables },
    userId: actor.userId,
  });
  return toTicketMessage(deps.media, row, null, contact);
}
