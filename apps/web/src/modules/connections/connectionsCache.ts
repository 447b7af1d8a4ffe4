import {
  CONNECTION_ALERT_STATUSES,
  type Whatsapp,
  type WhatsappEventPayload,
  type WhatsappSessionEventPayload,
} from "@atendo/shared";

type List = Whatsapp[] | undefined;

/**
 * A connection event applied to the cached list. Events carry the connection as an
 * attendant sees it (no token), so a token already known to an admin is kept.
 */
export function applyWhatsappEvent(list: List, event: WhatsappEventPayload): List {
  if (!list) return list;
  if (event.action === "delete") return list.filter((item) => item.id !== event.whatsappId);
  const incoming = event.whatsapp;
  const index = list.findIndex((item) => item.id === incoming.id);
  if (index === -1) return [...list, incoming];
  const current = list[index]!;
  // The Cloud API settings reach admins' sockets only; an event without them keeps what is known.
  const cloud = incoming.cloud ?? current.cloud;
  const merged = { ...incoming, token: incoming.token || current.token, ...(cloud ? { cloud } : {}) };
  return list.map((item, i) => (i === index ? merged : item));
}

/** A session event (status, QR, retries) applied to the cached list. */
export function applySessionEvent(list: List, event: WhatsappSessionEventPayload): List {
  if (!list) return list;
  const { session } = event;
  if (!list.some((item) => item.id === session.id)) return list;
  return list.map((item) =>
    item.id === session.id
      ? {
          ...item,
          status: session.status,
          qrcode: session.qrcode,
          retries: session.retries,
          updatedAt: session.updatedAt,
          // Why Meta refused a Cloud API connection follows its status live.
          ...(item.cloud && session.statusReason !== undefined
            ? { cloud: { ...item.cloud, statusReason: session.statusReason } }
            : {}),
        }
      : item,
  );
}

/** Whether any connection is in a state that needs attention (the menu's exclamation badge). */
export function needsAttention(list: readonly { status: string }[] | undefined): boolean {
  return (list ?? []).some((item) => (CONNECTION_ALERT_STATUSES as readonly string[]).includes(item.status));
}

/** What the session column offers for a status (document 1 section 4, "Connection"). */
export type SessionAction = "showQr" | "retry" | "newQr" | "disconnect" | "connecting";

export function sessionActionsFor(status: string): SessionAction[] {
  switch (status) {
    case "qrcode":
      return ["showQr"];
    case "DISCONNECTED":
      return ["retry", "newQr"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return ["disconnect"];
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}
