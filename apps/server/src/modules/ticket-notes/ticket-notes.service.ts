import { isAdmin, type TicketNote, type TicketNoteBody, type TicketNotesListQuery } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findContact } from "../contacts/contacts.repository.js";
import { canSeeTicket } from "../tickets/ticket-access.js";
import { viewerScope } from "../tickets/tickets.repository.js";
import {
  deleteTicketNote,
  findTicketAccess,
  findTicketNote,
  insertTicketNote,
  listTicketNotes,
  type TicketAccess,
  type TicketNoteWithUser,
} from "./ticket-notes.repository.js";

type Deps = Pick<AppContext, "db">;

function toTicketNote(row: TicketNoteWithUser): TicketNote {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's ticket, if the actor may see it: 404 when it is not the company's, 403 when hidden. */
async function visibleTicket(deps: Deps, actor: AuthSession, ticketId: number): Promise<TicketAccess> {
  const ticket = await findTicketAccess(deps.db, actor.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  // The same rule as the ticket itself, allTicket included (a pending ticket of another queue).
  const scope = isAdmin(actor)
    ? { queueIds: [], allTicket: false }
    : await viewerScope(deps.db, actor.companyId, actor.userId);
  if (!canSeeTicket(actor, ticket, scope.queueIds, scope.allTicket)) throw new AppError("ERR_NO_PERMISSION");
  return ticket;
}

export async function createTicketNote(deps: Deps, actor: AuthSession, body: TicketNoteBody): Promise<TicketNote> {
  const { companyId } = actor;
  const ticket = await visibleTicket(deps, actor, body.ticketId);
  if (!(await findContact(deps.db, companyId, body.contactId))) throw new AppError("ERR_NO_CONTACT_FOUND");
  if (ticket.contactId !== body.contactId) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.contactId", message: "notTicketContact" }] });
  }
  const row = await insertTicketNote(deps.db, {
    companyId,
    ticketId: ticket.id,
    contactId: body.contactId,
    userId: actor.userId,
    note: body.note,
  });
  const created = await findTicketNote(deps.db, companyId, row.id);
  return toTicketNote(created!);
}

export async function listNotesOfTicket(
  deps: Deps,
  actor: AuthSession,
  query: TicketNotesListQuery,
): Promise<TicketNote[]> {
  await visibleTicket(deps, actor, query.ticketId);
  return (await listTicketNotes(deps.db, actor.companyId, query.ticketId, query.contactId)).map(toTicketNote);
}

/** Only the note's author or an admin may delete it. */
export async function removeTicketNote(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const note = await findTicketNote(deps.db, actor.companyId, id);
  if (!note) throw new AppError("ERR_NOT_FOUND");
  if (!isAdmin(actor) && note.userId !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
  if (!(await deleteTicketNote(deps.db, actor.companyId, id))) throw new AppError("ERR_NOT_FOUND");
}
