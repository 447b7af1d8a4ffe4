import { z } from "zod";
import { IdParams, MessageAnswer } from "../common.schemas.js";
import { QueueOption, QueueOptionBody, QueueOptionListQuery, QueueOptionUpdateBody } from "../queue-options.schemas.js";
import { Queue, QueueBody, QueueListQuery, QueueUpdateBody } from "../queues.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Queues and their chatbot options. */
export const QUEUES_ROUTES = {
  "GET /queue": { query: QueueListQuery, response: z.array(Queue) },
  "GET /queue/{id}": { params: IdParams, response: Queue },
  "POST /queue": { body: QueueBody, response: Queue },
  "PUT /queue/{id}": { params: IdParams, body: QueueUpdateBody, response: Queue },
  "DELETE /queue/{id}": { params: IdParams, response: MessageAnswer },

  "GET /queue-options": { query: QueueOptionListQuery, response: z.array(QueueOption) },
  "POST /queue-options": { body: QueueOptionBody, response: QueueOption },
  "PUT /queue-options/{id}": { params: IdParams, body: QueueOptionUpdateBody, response: QueueOption },
  "DELETE /queue-options/{id}": { params: IdParams, response: MessageAnswer },
} satisfies RouteGroup;
