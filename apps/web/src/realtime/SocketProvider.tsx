import {
  type AuthEventPayload,
  CLIENT_EVENTS,
  companyEvent,
  type EntityAction,
  RELOAD_AFTER_AUTH_EVENT_MS,
  type SessionUser,
  TOAST_DURATION_MS,
  USER_STATUS_PING_MS,
} from "@atendo/shared";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import type { Socket } from "socket.io-client";
import { refreshSession } from "../api/client";
import { clearLocalData, getToken } from "../api/credentials";
import { useSession } from "../app/session";
import i18n from "../i18n";
import { createSocket, SocketContext } from "./socket";

const EXPIRED_TOKEN = /ERR_SESSION_EXPIRED|expired/i;

interface UserEvent {
  action: EntityAction;
  user?: Partial<SessionUser> & { id: number };
  userId?: number;
}

/** Owns the socket: closed and recreated when the company or the user changes. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, refreshUser } = useSession();
  const [socket, setSocket] = useState<Socket | null>(null);
  const refreshUserRef = useRef(refreshUser);
  refreshUserRef.current = refreshUser;

  const userId = user?.id;
  const companyId = user?.companyId;

  useEffect(() => {
    if (!userId || !companyId || !getToken()) {
      setSocket(null);
      return;
    }
    const next = createSocket();
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    // Presence: the server counts the user online while a socket is connected and pings (document 1 section 7).
    const statusTimer = setInterval(() => {
      if (next.connected) next.emit(CLIENT_EVENTS.userStatus);
    }, USER_STATUS_PING_MS);

    next.on(companyEvent.auth(companyId), (payload: AuthEventPayload) => {
      if (payload?.user?.id !== userId) return;
      toast.error(i18n.t("session.anotherLogin"), { toastId: "another-login", autoClose: TOAST_DURATION_MS });
      clearLocalData();
      reloadTimer = setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_EVENT_MS);
    });

    next.on(companyEvent.user(companyId), (payload: UserEvent) => {
      const id = payload?.user?.id ?? payload?.userId;
      if (payload?.action === "update" && id === userId) void refreshUserRef.current();
    });

    next.on("connect_error", (err: Error) => {
      if (!EXPIRED_TOKEN.test(err.message)) return;
      // The server refused an expired token: renew it once and reconnect; without a session, reload.
      refreshSession()
        .then((answer) => {
          next.io.opts.query = { token: answer.token };
          next.connect();
        })
        .catch(() => {
          reloadTimer = setTimeout(() => window.location.reload(), RELOAD_AFTER_AUTH_EVENT_MS);
        });
    });

    setSocket(next);
    return () => {
      if (reloadTimer) clearTimeout(reloadTimer);
      clearInterval(statusTimer);
      next.removeAllListeners();
      next.disconnect();
    };
  }, [userId, companyId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
