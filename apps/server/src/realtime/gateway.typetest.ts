import { ANNOUNCEMENT_EVENT, companyEvent } from "@atendo/shared";
import type { Realtime } from "./gateway.js";

/**
 * Type-level tests of the realtime contract on the emitting side, checked by the
 * server's tsc run and never executed: each @ts-expect-error must meet an error,
 * so the build fails the day an emit off the contract compiles.
 */
export function emitsTheContractRefuses(realtime: Realtime, name: string) {
  // @ts-expect-error A payload the ticket event does not have: "create" is no action of company-{id}-ticket.
  realtime.toRooms([], companyEvent.ticket(1), { action: "create", ticketId: 1 });
  // @ts-expect-error Another event's payload: a queue's deletion on the user channel.
  realtime.toCompany(1, companyEvent.user(1), { action: "delete", queueId: 1 });
  // @ts-expect-error A required field is missing: a setting without its value.
  realtime.toCompany(1, companyEvent.settings(1), { action: "update", setting: { key: "userRating" } });
  // @ts-expect-error A wrong type: the ticket id of a deletion is a number.
  realtime.toRooms([], companyEvent.ticket(1), { action: "delete", ticketId: "1" });
  // @ts-expect-error An event the contract does not have.
  realtime.toCompany(1, "company-1-tickets", { action: "delete", ticketId: 1 });
  // @ts-expect-error A name written by hand as a plain string: its event is unknown, so is its payload.
  realtime.toRooms([], name, { action: "reload" });
  // @ts-expect-error A company's event to every socket of every company.
  realtime.toEveryone(companyEvent.ticket(1), { action: "delete", ticketId: 1 });
  // @ts-expect-error The announcement is platform-wide, not a company's event.
  realtime.toCompany(1, ANNOUNCEMENT_EVENT, { action: "delete", id: 1 });
}

/** The same calls with the contract's payloads compile. */
export function emitsTheContractTakes(realtime: Realtime) {
  realtime.toRooms([], companyEvent.ticket(1), { action: "delete", ticketId: 1 });
  realtime.toCompany(1, companyEvent.settings(1), {
    action: "update",
    setting: { key: "userRating", value: "enabled" },
  });
  realtime.toCompany(1, companyEvent.contact(1), { action: "reload" });
  realtime.toEveryone(ANNOUNCEMENT_EVENT, { action: "delete", id: 1 });
}
