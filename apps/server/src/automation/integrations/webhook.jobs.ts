import { z } from "zod";
import { defineJob } from "../../jobs/define.js";

/** One delivery of one customer message to an n8n or webhook integration, and which try this is. */
export interface WebhookDelivery {
  companyId: number;
  integrationId: number;
  ticketId: number;
  messageId: number;
  /** Sent as X-Atendo-Delivery and in the body: the same on every try. */
  deliveryId: string;
  attempt: number;
}

/**
 * A delivery's try (webhook.ts): written with the message's take for the integration, and again,
 * delayed, after a try the receiver failed. Deliveries of many tickets run side by side; a slow
 * receiver holds up only its own.
 */
export const webhookDeliveryJob = defineJob<WebhookDelivery>({
  name: "integrations.webhook-delivery",
  payload: z.object({
    companyId: z.number().int().positive(),
    integrationId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    deliveryId: z.string().uuid(),
    attempt: z.number().int().min(1),
  }),
  concurrency: 4,
  heartbeatSeconds: 30,
  // Loaded when the job runs: the delivery writes its own next try, so a static import would be a cycle.
  handler: async (ctx, delivery) => (await import("./webhook.js")).deliverWebhook(ctx, delivery),
});
