/** The conversation of one ticket (scaffold: built by issue 4). */
export function Ticket({ ticketUuid }: { ticketUuid: string }) {
  return <div data-testid="ticket-conversation">{ticketUuid}</div>;
}
