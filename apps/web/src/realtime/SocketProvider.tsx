import {
  CLIENT_EVENTS,
  companyEvent,
  RELOAD_AFTER_AUTH_EVENT_MS,
  TOAST_DURATION_MS,
  USER_STATUS_PING_MS,
} from "@atendo/shared";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { refreshSession } from "../api/client";
import { clearLocalData, getToken } from "../api/credentials";
import { useSession } from "../app/session";
import i18n from "../i18n";
import { type AppSocket, createSocket, SocketContext } from "./socket";

const EXPIRED_TOKEN = /ERR_SESSION_EXPIRED|expired/i;

/** Owns the socket: closed and recreated when the company or the user changes. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, refreshUser } = useSession();
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const refreshUserRef = useRef(refreshUser);
  refreshUserRef.current = refreshUser;

  const userId = user?.id;
  const companyId = user?.companyId;

  useEffect(() => {
    if (!userId || !companyId || !getToken()) {
      setSocket(null);
      return;
    }
    let next: AppSocket | null = null;
    let closed = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    let statusTimer: ReturnType<typeof setInterval> | undefined;

    const attach = (socket: AppSocket) => {
      // Presence: the server counts the user online while a socket is connected and pings (document 1 section 7).
      statusTimer = setInterval(() => {
        if (socket.connected) socket.emit(CLIENT_EVENTS.userStatus);
      }, USER_STATUS_PING_MS);

      socket.on(companyEvent.auth(companyId), (payload) => {
        if (payload.user.id !== userId) return;
        toast.error(i18n.t("session.anotherLogin"), { toastId: "another-login", autoClose: TOAST_DURATION_MS });
        clearLocalData();
        reloadTimer = setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_EVENT_MS);
      });

      socket.on(companyEvent.user(companyId), (payload) => {
        if (payload.action === "update" && payload.user.id === userId) void refreshUserRef.current();
      });

      socket.on("connect_error", (err: Error) => {
        if (!EXPIRED_TOKEN.test(err.message)) return;
        // The server refused an expired token: renew it once and reconnect; without a session, reload.
        refreshSession()
          .then((answer) => {
            socket.io.opts.query = { token: answer.token };
            socket.connect();
          })
          .catch(() => {
            reloadTimer = setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_EVENT_MS);
          });
      });

      setSocket(socket);
    };

    createSocket().then(
      (socket) => {
        // Signed out or switched user while the client library loaded.
        if (closed) {
          socket.disconnect();
          return;
        }
        next = socket;
        attach(socket);
      },
      // The library could not be fetched (offline, or a new deploy replaced it): live updates stop, say so.
      () => toast.error(i18n.t("errors.network"), { toastId: "socket-load" }),
    );

    return () => {
      closed = true;
      if (reloadTimer) clearTimeout(reloadTimer);
      if (statusTimer) clearInterval(statusTimer);
      if (next) {
        next.removeAllListeners();
        next.disconnect();
      }
      // Until the next user's socket loads, pages see none rather than this closed one.
      setSocket(null);
    };
  }, [userId, companyId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
