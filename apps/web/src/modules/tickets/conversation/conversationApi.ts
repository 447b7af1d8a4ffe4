import { api } from "../../../api/client";
import type { RequestBody } from "../../../api/routes";
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

export function fetchTicketByUuid(uuid: string, signal?: AbortSignal) {
  return api.get("/tickets/u/{uuid}", { params: { uuid }, signal });
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

export function deleteTicket(id: number) {
  return leaving(id, () => api.delete("/tickets/{id}", { params: { id } }));
}

export function transferTicket(id: number, body: RequestBody<"PUT /tickets/{id}">) {
  return leaving(id, () => updateTicket(id, body));
}

export function fetchMessagesPage(ticketId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get("/messages/{ticketId}", { params: { ticketId }, query: { pageNumber }, signal });
}

/** Reads the ticket on screen (unread back to 0) without loading a page it already holds. */
export function markTicketRead(ticketId: number) {
  return api.post("/messages/{ticketId}/read", { params: { ticketId } });
}

export function sendTextMessage(ticketId: number, body: string, quotedMsgId?: number) {
  return api.post("/messages/{ticketId}", {
    params: { ticketId },
    body: { body, fromMe: true, read: 1, quotedMsg: quotedMsgId ? { id: quotedMsgId } : null },
  });
}

/** One message per file; the body, when given, is the caption of each. */
export function sendMediaMessages(ticketId: number, files: readonly File[], body: string) {
  const form = new FormData();
  form.append("fromMe", "true");
  if (body) form.append("body", body);
  for (const file of files) form.append("medias", file, file.name);
  return api.post("/messages/{ticketId}", { params: { ticketId }, body: form });
}

export function deleteMessage(id: number) {
  return api.delete("/messages/{id}", { params: { id } });
}

export function createTag(name: string) {
  return api.post("/tags", { body: { name } });
}

export function syncTicketTags(ticketId: number, tagIds: number[]) {
  return api.post("/tags/sync", { body: { ticketId, tags: tagIds.map((id) => ({ id })) } });
}

export function fetchQuickMessages(signal?: AbortSignal) {
  return api.get("/quick-messages/list", { signal });
}

export function fetchContact(id: number, signal?: AbortSignal) {
  return api.get("/contacts/{id}", { params: { id }, signal });
}

export function updateContact(id: number, body: RequestBody<"PUT /contacts/{id}">) {
  return api.put("/contacts/{id}", { params: { id }, body });
}

export function fetchNotes(ticketId: number, contactId: number, signal?: AbortSignal) {
  return api.get("/ticket-notes/list", { query: { ticketId, contactId }, signal });
}

export function createNote(body: RequestBody<"POST /ticket-notes">) {
  return api.post("/ticket-notes", { body });
}

export function deleteNote(id: number) {
  return api.delete("/ticket-notes/{id}", { params: { id } });
}

/** Whether the ticket's connection may send free text now (the WhatsApp Cloud API's 24-hour window). */
export function fetchSendWindow(ticketId: number, signal?: AbortSignal) {
  return api.get("/messages/{ticketId}/window", { params: { ticketId }, signal });
}

export function sendTemplate(ticketId: number, body: RequestBody<"POST /messages/{ticketId}/template">) {
  return api.post("/messages/{ticketId}/template", { params: { ticketId }, body });
}
