import type {
  Contact,
  ContactUpdateBody,
  QuickMessage,
  Tag,
  TagSummary,
  Ticket,
  TicketMessage,
  TicketMessagesPage,
  TicketNote,
  UpdateTicketBody,
} from "@atendo/shared";
import { api } from "../../../api/client";
import { updateTicket } from "../ticketsApi";

/**
 * The conversation's own cache keys. The quick-message options stay outside
 * ["quick-messages", "list"]: the quick messages page rewrites every paged list under that root.
 */
export const conversationKeys = {
  ticket: (uuid: string) => ["tickets", "uuid", uuid] as const,
  quickMessages: ["quick-messages", "options"] as const,
  contact: (id: number) => ["contacts", "detail", id] as const,
  notes: (ticketId: number, contactId: number) => ["ticket-notes", ticketId, contactId] as const,
};

export function fetchTicketByUuid(uuid: string, signal?: AbortSignal): Promise<Ticket> {
  return api.get<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`, { signal });
}

/**
 * Tickets this client is taking off its own screen (deleted, or transferred
 * away): the realtime removal that follows is expected, not news to announce.
 */
const leavingHere = new Set<number>();
export const isLeavingHere = (ticketId: number) => leavingHere.has(ticketId);

async function leaving<T>(ticketId: number, change: () => Promise<T>): Promise<T> {
  leavingHere.add(ticketId);
  try {
    return await change();
  } catch (error) {
    leavingHere.delete(ticketId);
    throw error;
  }
}

export function deleteTicket(id: number): Promise<unknown> {
  return leaving(id, () => api.delete(`/tickets/${id}`));
}

export function transferTicket(id: number, body: UpdateTicketBody): Promise<Ticket> {
  return leaving(id, () => updateTicket(id, body));
}

export function fetchMessagesPage(ticketId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketMessagesPage>(`/messages/${ticketId}`, { params: { pageNumber }, signal });
}

export function sendTextMessage(ticketId: number, body: string, quotedMsgId?: number): Promise<TicketMessage[]> {
  return api.post<TicketMessage[]>(`/messages/${ticketId}`, {
    body,
    fromMe: true,
    read: 1,
    quotedMsg: quotedMsgId ? { id: quotedMsgId } : null,
  });
}

/** One message per file; the body, when given, is the caption of each. */
export function sendMediaMessages(ticketId: number, files: readonly File[], body: string): Promise<TicketMessage[]> {
  const form = new FormData();
  form.append("fromMe", "true");
  if (body) form.append("body", body);
  for (const file of files) form.append("medias", file, file.name);
  return api.post<TicketMessage[]>(`/messages/${ticketId}`, form);
}

export function deleteMessage(id: number): Promise<TicketMessage> {
  return api.delete<TicketMessage>(`/messages/${id}`);
}

export function createTag(name: string): Promise<Tag> {
  return api.post<Tag>("/tags", { name });
}

export function syncTicketTags(ticketId: number, tagIds: number[]): Promise<TagSummary[]> {
  return api.post<TagSummary[]>("/tags/sync", { ticketId, tags: tagIds.map((id) => ({ id })) });
}

export function fetchQuickMessages(signal?: AbortSignal): Promise<QuickMessage[]> {
  return api.get<QuickMessage[]>("/quick-messages/list", { signal });
}

export function fetchContact(id: number, signal?: AbortSignal): Promise<Contact> {
  return api.get<Contact>(`/contacts/${id}`, { signal });
}

export function updateContact(id: number, body: ContactUpdateBody): Promise<Contact> {
  return api.put<Contact>(`/contacts/${id}`, body);
}

export function fetchNotes(ticketId: number, contactId: number, signal?: AbortSignal): Promise<TicketNote[]> {
  return api.get<TicketNote[]>("/ticket-notes/list", { params: { ticketId, contactId }, signal });
}

export function createNote(body: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
  return api.post<TicketNote>("/ticket-notes", body);
}

export function deleteNote(id: number): Promise<unknown> {
  return api.delete(`/ticket-notes/${id}`);
}
