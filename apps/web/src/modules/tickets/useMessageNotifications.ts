import { type AppMessageEventPayload, companyEvent, listShowsTicket, type Ticket } from "@atendo/shared";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { getVolume } from "../../app/useVolume";
import { useSocketEvent } from "../../realtime/socket";
import { whatsappPlainText } from "./conversation/whatsappText";
import { playNotificationSound, unlockNotificationSound } from "./notificationSound";
import { normalizeTicket, type Viewer, viewerOf } from "./ticketPlacement";

/**
 * The ticket a new message should alert about, or null: an inbound message on
 * a ticket the user may see and attends (theirs or unassigned), unless its
 * conversation is on screen.
 */
export function alertTicket(
  payload: AppMessageEventPayload,
  viewer: Viewer,
  screen: { pathname: string; hidden: boolean },
): Ticket | null {
  if (payload.action !== "create" || payload.message.fromMe) return null;
  const ticket = normalizeTicket(payload.ticket, undefined);
  // What the user's lists show without show-all: a ticket they may see and attend.
  if (!ticket || !listShowsTicket(viewer, ticket, false)) return null;
  if (!screen.hidden && screen.pathname === `/tickets/${ticket.uuid}`) return null;
  return ticket;
}

const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

/**
 * New inbound messages on tickets the user attends (their own or unassigned,
 * in a queue they see): the chime at the chosen volume, and a browser
 * notification while the tab is hidden. The conversation already on screen
 * makes no noise. Permission is asked once, on the user's first gesture.
 */
export function useMessageNotifications(): void {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  useEffect(() => {
    const onGesture = () => {
      window.removeEventListener("pointerdown", onGesture);
      window.removeEventListener("keydown", onGesture);
      unlockNotificationSound();
      if (!notificationsSupported()) {
        console.info("This browser does not support notifications.");
        return;
      }
      if (Notification.permission === "default") void Notification.requestPermission().catch(() => undefined);
    };
    window.addEventListener("pointerdown", onGesture);
    window.addEventListener("keydown", onGesture);
    return () => {
      window.removeEventListener("pointerdown", onGesture);
      window.removeEventListener("keydown", onGesture);
    };
  }, []);

  const companyId = user?.companyId;
  useSocketEvent(companyId ? companyEvent.appMessage(companyId) : null, (payload) => {
    if (!user || payload.action !== "create") return;
    const ticket = alertTicket(payload, viewerOf(user), { pathname: pathRef.current, hidden: document.hidden });
    if (!ticket) return;
    playNotificationSound(getVolume());
    if (!document.hidden || !notificationsSupported() || Notification.permission !== "granted") return;
    const name = payload.contact.name || ticket.contact.name || ticket.contact.number;
    const notification = new Notification(t("notifications.newMessage", { name }), {
      body: whatsappPlainText(payload.message.body),
      tag: `ticket-${ticket.id}`,
      icon: payload.contact.profilePicUrl || undefined,
    });
    notification.onclick = () => {
      window.focus();
      navigate(`/tickets/${ticket.uuid}`);
      notification.close();
    };
  });
}
