import {
  CreateTicketBody,
  IdParams,
  MessageAnswer,
  Ticket,
  TicketsListQuery,
  TicketsPage,
  TicketUuidParams,
  UpdateTicketBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { compiledSerializerCompiler } from "../../http/json-writer.js";
import {
  createTicket,
  deleteTicket,
  listTickets,
  showTicket,
  showTicketByUuid,
  updateTicket,
} from "./tickets.service.js";

const tags = ["tickets"];

export function registerTicketsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/tickets",
    {
      onRequest: auth.user,
      schema: { tags, querystring: TicketsListQuery, response: { 200: TicketsPage } },
      // The busiest read: its answer is written by a compiled writer rather than encoded by zod.
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => listTickets(ctx, request.auth, request.query),
  );

  app.get(
    "/tickets/u/:uuid",
    { onRequest: auth.user, schema: { tags, params: TicketUuidParams, response: { 200: Ticket } } },
    async (request) => showTicketByUuid(ctx, request.auth, request.params.uuid),
  );

  app.get(
    "/tickets/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Ticket } } },
    async (request) => showTicket(ctx, request.auth, request.params.id),
  );

  app.post(
    "/tickets",
    { onRequest: auth.user, schema: { tags, body: CreateTicketBody, response: { 200: Ticket } } },
    async (request) => createTicket(ctx, request.auth, request.body),
  );

  app.put(
    "/tickets/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, body: UpdateTicketBody, response: { 200: Ticket } } },
    async (request) => updateTicket(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/tickets/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await deleteTicket(ctx, request.auth, request.params.id);
      return { message: "ticketDeleted" };
    },
  );
}
