import { z } from "zod";
import { Id, IsoDate } from "./common.schemas.js";
import { TICKET_NOTE_MIN } from "./constants.js";

export const TicketNote = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  /** null once the author's user has been removed. */
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: IsoDate,
});
export type TicketNote = z.infer<typeof TicketNote>;

export const TicketNoteBody = z.object({
  note: z.string().trim().min(1, "required").min(TICKET_NOTE_MIN, "tooShort").max(10_000, "tooLong"),
  ticketId: Id,
  contactId: Id,
});
export type TicketNoteBody = z.infer<typeof TicketNoteBody>;

export const TicketNotesListQuery = z.object({ ticketId: Id, contactId: Id.optional() });
export type TicketNotesListQuery = z.infer<typeof TicketNotesListQuery>;
