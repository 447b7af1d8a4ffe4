import { z } from "zod";
import { IdParams, MessageAnswer } from "../common.schemas.js";
import {
  ExternalSendAnswer,
  ExternalSendBody,
  SendTicketMessageBody,
  TicketMessage,
  TicketMessagesPage,
  TicketMessagesParams,
  TicketMessagesQuery,
} from "../messages.schemas.js";
import {
  KanbanTagsAnswer,
  KanbanTicketsAnswer,
  KanbanTicketsQuery,
  Tag,
  TagBody,
  TagListQuery,
  TagSummary,
  TagSyncBody,
  TagsListQuery,
  TagsPage,
  TagUpdateBody,
  TicketTagParams,
  TicketTagsParams,
} from "../tags.schemas.js";
import { TicketNote, TicketNoteBody, TicketNotesListQuery } from "../ticket-notes.schemas.js";
import {
  CreateTicketBody,
  Ticket,
  TicketsListQuery,
  TicketsPage,
  TicketUuidParams,
  UpdateTicketBody,
} from "../tickets.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Tickets and what hangs on them: messages, notes, tags and the kanban. */
export const TICKETS_ROUTES = {
  "GET /tickets": { query: TicketsListQuery, response: TicketsPage },
  "GET /tickets/u/{uuid}": { params: TicketUuidParams, response: Ticket },
  "GET /tickets/{id}": { params: IdParams, response: Ticket },
  "POST /tickets": { body: CreateTicketBody, response: Ticket },
  "PUT /tickets/{id}": { params: IdParams, body: UpdateTicketBody, response: Ticket },
  "DELETE /tickets/{id}": { params: IdParams, response: MessageAnswer },

  "GET /messages/{ticketId}": {
    params: TicketMessagesParams,
    query: TicketMessagesQuery,
    response: TicketMessagesPage,
  },
  /** JSON, or multipart with `medias` files and the `body` caption: one message per file. */
  "POST /messages/{ticketId}": {
    params: TicketMessagesParams,
    body: SendTicketMessageBody,
    multipart: true,
    response: z.array(TicketMessage),
  },
  /** Ours: reads the ticket (unread back to 0, inbound messages read) without loading a page. */
  "POST /messages/{ticketId}/read": { params: TicketMessagesParams, response: MessageAnswer },
  "DELETE /messages/{id}": { params: IdParams, response: TicketMessage },
  /** Other systems send with a connection's token instead of a session: JSON, or multipart with `medias`. */
  "POST /api/messages/send": { body: ExternalSendBody, multipart: true, response: ExternalSendAnswer },

  "GET /ticket-notes/list": { query: TicketNotesListQuery, response: z.array(TicketNote) },
  "POST /ticket-notes": { body: TicketNoteBody, response: TicketNote },
  "DELETE /ticket-notes/{id}": { params: IdParams, response: MessageAnswer },

  "GET /tags": { query: TagListQuery, response: TagsPage },
  "GET /tags/list": { query: TagsListQuery, response: z.array(Tag) },
  "GET /tags/kanban": { response: KanbanTagsAnswer },
  "POST /tags/sync": { body: TagSyncBody, response: z.array(TagSummary) },
  "GET /tags/{id}": { params: IdParams, response: Tag },
  "POST /tags": { body: TagBody, response: Tag },
  "PUT /tags/{id}": { params: IdParams, body: TagUpdateBody, response: Tag },
  "DELETE /tags/{id}": { params: IdParams, response: MessageAnswer },
  "GET /ticket/kanban": { query: KanbanTicketsQuery, response: KanbanTicketsAnswer },
  "DELETE /ticket-tags/{ticketId}": { params: TicketTagsParams, response: MessageAnswer },
  "PUT /ticket-tags/{ticketId}/{tagId}": { params: TicketTagParams, response: MessageAnswer },
} satisfies RouteGroup;
