import { aiAnswerJob } from "../automation/ai/ai.jobs.js";
import { inboundStepJob } from "../automation/automation.jobs.js";
import { botTimeoutJob } from "../automation/chatbot/chatbot.jobs.js";
import { resumeFlowJob, retryFlowSendJob } from "../automation/flows/flows.jobs.js";
import { botTurnJob } from "../automation/integrations/bot-turn.jobs.js";
import { webhookDeliveryJob } from "../automation/integrations/webhook.jobs.js";
import { authCleanupJob } from "../modules/auth/auth.jobs.js";
import { dispatchCampaignJob, resumeCampaignsJob, startCampaignJob } from "../modules/campaigns/campaigns.jobs.js";
import { checkContactListNumbersJob } from "../modules/contact-lists/contact-lists.jobs.js";
import { createDueInvoicesJob, expireOverdueInvoicesJob } from "../modules/invoices/invoices.jobs.js";
import { passwordResetCleanupJob } from "../modules/password-reset/password-reset.jobs.js";
import { sendScheduleJob } from "../modules/schedules/schedules.jobs.js";
import { ticketExpiryJob, ticketTransferJob } from "../modules/tickets/tickets.jobs.js";
import type { AnyJobDefinition } from "./define.js";

/**
 * Every background job of the server, declared once in its feature's `<feature>.jobs.ts`. A job
 * not listed here cannot be enqueued; the server refuses to start on an incomplete definition.
 */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  ticketExpiryJob,
  ticketTransferJob,
  botTimeoutJob,
  inboundStepJob,
  resumeFlowJob,
  retryFlowSendJob,
  aiAnswerJob,
  webhookDeliveryJob,
  botTurnJob,
  createDueInvoicesJob,
  expireOverdueInvoicesJob,
  checkContactListNumbersJob,
  sendScheduleJob,
  startCampaignJob,
  dispatchCampaignJob,
  resumeCampaignsJob,
  authCleanupJob,
  passwordResetCleanupJob,
];
