import {
  DUE_DATE_WARNING_DAYS,
  type Language,
  type SessionAnswer,
  type SessionUser,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ApiError, api, onSessionRefreshed, restoreSession, setUnauthorizedHandler, toastError } from "../api/client";
import { clearCredentials, storeCampaignsEntry, storeSession } from "../api/credentials";
import i18n, { isLanguage } from "../i18n";
import { formatDate } from "../utils/date";

export interface SessionValue {
  /** The signed-in user, or null when anonymous (or still loading). */
  user: SessionUser | null;
  /** True until the first session restore (refresh cookie) has answered. */
  loading: boolean;
  /** Signs in; resolves true on success. Failures are shown as toasts. */
  login: (email: string, password: string) => Promise<boolean>;
  logout: () => Promise<void>;
  /** Reloads the session user from GET /auth/me. */
  refreshUser: () => Promise<void>;
  /** Where a public page sends a signed-in user: /tickets right after a login, / otherwise. */
  landing: string;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The user's stored language wins over the browser's only when the user picked one on the server. */
function applyUserLanguage(language: Language | null): void {
  if (language && isLanguage(language) && i18n.language !== language) void i18n.changeLanguage(language);
}

function warnDueDate(answer: SessionAnswer): void {
  const days = answer.daysUntilDue;
  if (days === null || days === undefined || days >= DUE_DATE_WARNING_DAYS || days < 0) return;
  const message = days === 0 ? i18n.t("session.dueToday") : i18n.t("session.dueSoon", { count: days });
  toast.warn(message, { toastId: "due-date-warning", autoClose: TOAST_DURATION_MS * 3 });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [landing, setLanding] = useState("/");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // A lost session (refresh failed, or a 401) ends here: credentials are already cleared by the client.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setUser(null);
      queryClient.clear();
      navigateRef.current("/login", { replace: true });
    });
    return onSessionRefreshed((answer) => setUser(answer.user));
  }, [queryClient]);

  // Restore the session from the httpOnly refresh cookie.
  useEffect(() => {
    let active = true;
    restoreSession()
      .then((answer) => {
        if (!active || !answer) return;
        setUser(answer.user);
        applyUserLanguage(answer.user.language);
      })
      .catch(() => {
        if (active) clearCredentials();
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    try {
      const answer = await api.post("/auth/login", { body: { email, password } });
      storeSession(answer);
      setLanding("/tickets");
      setUser(answer.user);
      applyUserLanguage(answer.user.language);
      warnDueDate(answer);
      navigateRef.current("/tickets", { replace: true });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_SUBSCRIPTION_EXPIRED") {
        const dueDate = err.data?.dueDate;
        toast.error(i18n.t("session.subscriptionExpired", { date: formatDate(String(dueDate ?? "")) }), {
          toastId: "subscription-expired",
          autoClose: TOAST_DURATION_MS * 3,
        });
      } else toastError(err);
      return false;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.delete("/auth/logout");
    } catch {
      // The local session ends even when the server cannot be reached.
    }
    clearCredentials();
    setUser(null);
    setLanding("/");
    queryClient.clear();
    navigateRef.current("/login", { replace: true });
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    try {
      const me = await api.get("/auth/me");
      storeCampaignsEntry(me);
      setUser(me);
    } catch (err) {
      toastError(err);
    }
  }, []);

  const value = useMemo(
    () => ({ user, loading, login, logout, refreshUser, landing }),
    [user, loading, login, logout, refreshUser, landing],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside SessionProvider");
  return value;
}
