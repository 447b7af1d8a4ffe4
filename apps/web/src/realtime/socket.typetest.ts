import { ANNOUNCEMENT_EVENT, CLIENT_EVENTS, companyEvent, type QueueEventPayload } from "@atendo/shared";
import { type AppSocket, useSocketEvent } from "./socket";

/**
 * Type-level tests of the realtime contract on the listening side, checked by
 * the web's tsc run and never executed: each @ts-expect-error must meet an
 * error, so the build fails the day a subscription can pick its own payload.
 */
export function useSubscriptionsTheContractRefuses(socket: AppSocket) {
  // @ts-expect-error The payload type is the event's, not the caller's: no type argument names a payload.
  useSocketEvent<QueueEventPayload>(companyEvent.queue(1), () => undefined);
  // @ts-expect-error A handler written for another event's payload.
  useSocketEvent(companyEvent.ticket(1), (payload: QueueEventPayload) => payload.action);
  useSocketEvent(companyEvent.ticket(1), (payload) => {
    // @ts-expect-error A field the ticket event's payload does not have.
    return payload.queueId;
  });
  // @ts-expect-error An event the contract does not have.
  useSocketEvent("company-1-tickets", () => undefined);
  // @ts-expect-error A client event with an argument of the wrong type: joinTickets takes a ticket status.
  socket.emit(CLIENT_EVENTS.joinTickets, "archived");
}

/** Subscriptions infer their payload from the event. */
export function useSubscriptionsTheContractTakes() {
  useSocketEvent(companyEvent.ticket(1), (payload) => {
    if (payload.action === "delete") return payload.ticketId satisfies number;
  });
  useSocketEvent(ANNOUNCEMENT_EVENT, (payload) => payload.action);
  useSocketEvent(null, () => undefined);
}
