import { parseServiceAccount } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { createDialogflowClient, DialogflowError } from "../../integrations/dialogflow.js";
import { sendTicketMessage } from "../../modules/messages/send.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { BotCallFailed, botFailureOf } from "./integrations.logic.js";
import { type IntegrationRow, integrationHolds, ticketHeld } from "./integrations.repository.js";

export type DialogflowDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "secrets" | "config">;

/** "stay": the agent keeps the conversation; "ended": its intent ended it, and the ticket goes back. */
export type DialogflowOutcome = "stay" | "ended";

/**
 * One customer's message to a Dialogflow ES agent: its intent is detected with the
 * integration's service account, project (projectName) and language, and the fulfilment's
 * texts are sent. An intent marked as the end of the conversation hands the ticket back. The
 * ticket's uuid is the Dialogflow session, so the agent's contexts follow the conversation.
 * A service account that cannot be read, or a call Google refused or did not answer, throws
 * BotCallFailed before anything is sent (the turn's job tries again or leaves the ticket to the
 * attendants); the error never holds the account, the key or the token.
 */
export async function dialogflowMessage(
  deps: DialogflowDeps,
  ticket: TicketRow,
  integration: IntegrationRow,
  text: string,
): Promise<DialogflowOutcome> {
  // A file or a location has no text for the agent to read.
  if (!text.trim()) return "stay";
  let account: ReturnType<typeof parseServiceAccount>;
  try {
    account = parseServiceAccount(deps.secrets.open(integration.jsonContent));
  } catch {
    account = null;
  }
  if (!account) throw new BotCallFailed({ service: "dialogflow", kind: "unreadable", retryable: false });
  const client = createDialogflowClient({
    baseUrl: deps.config.DIALOGFLOW_BASE_URL,
    tokenUrl: deps.config.DIALOGFLOW_TOKEN_URL,
  });
  let result: Awaited<ReturnType<typeof client.detectIntent>>;
  try {
    result = await client.detectIntent({
      account,
      projectId: integration.projectName,
      sessionId: ticket.uuid,
      text: text.trim(),
      languageCode: integration.language,
    });
  } catch (error) {
    if (!(error instanceof DialogflowError)) throw error;
    // Google's reason (never the key or the token) for the logs; the failure's kind for the turn.
    deps.log.warn(
      {
        ticketId: ticket.id,
        integrationId: integration.id,
        stage: error.stage,
        status: error.status,
        reason: error.message,
      },
      "dialogflow call failed",
    );
    throw new BotCallFailed(botFailureOf("dialogflow", error));
  }
  // A person who took the ticket while the agent thought keeps it quiet.
  if (!(await ticketHeld(deps.db, ticket, integrationHolds(integration.id)))) return "stay";
  for (const body of result.messages) {
    try {
      await sendTicketMessage(
        deps,
        { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
        { body, automatic: true },
      );
    } catch (error) {
      deps.log.warn({ err: error, ticketId: ticket.id }, "dialogflow answer not sent");
      break;
    }
  }
  return result.endInteraction ? "ended" : "stay";
}
