import { z } from "zod";
import { IdParams, MessageAnswer } from "../common.schemas.js";
import {
  QuickMessage,
  QuickMessageBody,
  QuickMessageListQuery,
  QuickMessagesListQuery,
  QuickMessagesPage,
  QuickMessageUpdateBody,
} from "../quick-messages.schemas.js";
import type { RouteGroup } from "./contract.js";

export const QUICK_MESSAGES_ROUTES = {
  "GET /quick-messages": { query: QuickMessageListQuery, response: QuickMessagesPage },
  "GET /quick-messages/list": { query: QuickMessagesListQuery, response: z.array(QuickMessage) },
  "GET /quick-messages/{id}": { params: IdParams, response: QuickMessage },
  "POST /quick-messages": { body: QuickMessageBody, response: QuickMessage },
  "PUT /quick-messages/{id}": { params: IdParams, body: QuickMessageUpdateBody, response: QuickMessage },
  "DELETE /quick-messages/{id}": { params: IdParams, response: MessageAnswer },
  /** The media, as the form's `file` part. */
  "POST /quick-messages/{id}/media-upload": { params: IdParams, multipart: true, response: QuickMessage },
  "DELETE /quick-messages/{id}/media-upload": { params: IdParams, response: QuickMessage },
} satisfies RouteGroup;
