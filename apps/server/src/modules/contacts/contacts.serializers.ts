import type { ContactRow } from "./contacts.repository.js";

/** A contact as ticket and message events carry it (document 1 section 3, Contact summary). */
export function contactPayload(contact: ContactRow) {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    profilePicUrl: contact.profilePicUrl,
    isGroup: contact.isGroup,
  };
}
