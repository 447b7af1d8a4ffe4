import type { Contact as BaileysContact } from "@whiskeysockets/baileys";
import type { PhoneContact } from "../provider.js";
import { jidNumber, USER_SERVER } from "./jid.js";

/** The names WhatsApp reports for a contact: the one saved on the phone, the push name and the business name. */
type ContactNames = Pick<BaileysContact, "name" | "notify" | "verifiedName">;

/**
 * The phone's address book as WhatsApp synced it since the session started (contacts.upsert
 * and contacts.update, history sync): Baileys keeps none of its own.
 */
export class AddressBook {
  private readonly names = new Map<string, ContactNames>();

  /**
   * Keeps people only: groups, broadcast lists and contacts known by LID alone have no number
   * to import. With `onlyNamed`, a number not yet known is added only when a name comes with it.
   */
  remember(contacts: Partial<BaileysContact>[], onlyNamed = false): void {
    for (const contact of contacts) {
      const jid = [contact.id, contact.jid].find((candidate) => candidate?.endsWith(`@${USER_SERVER}`));
      const number = jid ? jidNumber(jid) : "";
      if (!number) continue;
      const known = this.names.get(number);
      if (!known && onlyNamed && !contact.name && !contact.notify && !contact.verifiedName) continue;
      const names = known ?? {};
      if (contact.name) names.name = contact.name;
      if (contact.notify) names.notify = contact.notify;
      if (contact.verifiedName) names.verifiedName = contact.verifiedName;
      this.names.set(number, names);
    }
  }

  /** Each person under the saved name, else the push name, else the business name ("" when none). */
  list(): PhoneContact[] {
    return [...this.names].map(([number, names]) => ({
      number,
      name: names.name || names.notify || names.verifiedName || "",
    }));
  }

  clear(): void {
    this.names.clear();
  }
}
