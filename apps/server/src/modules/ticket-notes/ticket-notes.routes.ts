import { IdParams, MessageAnswer, TicketNote, TicketNoteBody, TicketNotesListQuery } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createTicketNote, listNotesOfTicket, removeTicketNote } from "./ticket-notes.service.js";

const tags = ["ticket-notes"];

export function registerTicketNotesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/ticket-notes/list",
    {
      onRequest: auth.user,
      schema: { tags, querystring: TicketNotesListQuery, response: { 200: z.array(TicketNote) } },
    },
    async (request) => listNotesOfTicket(ctx, request.auth, request.query),
  );

  app.post(
    "/ticket-notes",
    { onRequest: auth.user, schema: { tags, body: TicketNoteBody, response: { 200: TicketNote } } },
    async (request) => createTicketNote(ctx, request.auth, request.body),
  );

  app.delete(
    "/ticket-notes/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeTicketNote(ctx, request.auth, request.params.id);
      return { message: "ticketNoteDeleted" };
    },
  );
}
