import { can, type PlanFlag, RELOAD_AFTER_AUTH_EVENT_MS, TOAST_DURATION_MS } from "@atendo/shared";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { Loading } from "../components/Loading";
import { useSession } from "./session";
import { usePlan } from "./usePlan";

/** Private routes: anonymous users go to /login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <Loading fullScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** Public routes (/login, /signup, /forgetpsw): a signed-in user goes to /. */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const { user, loading, landing } = useSession();
  if (loading) return <Loading fullScreen />;
  if (user) return <Navigate to={landing} replace />;
  return children ?? <Outlet />;
}

/** The dashboard is for admins; everyone else lands on the tickets. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!can(user?.profile, "dashboard:view")) return <Navigate to="/tickets" replace />;
  return children;
}

/** Shows why, then sends the user to / after 1 second (document 2 section 2). */
function RedirectWithToast({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(message, { toastId: `redirect:${message}`, autoClose: TOAST_DURATION_MS });
    const timer = setTimeout(() => navigate("/", { replace: true }), RELOAD_AFTER_AUTH_EVENT_MS);
    return () => clearTimeout(timer);
  }, [message, navigate]);
  return <Loading />;
}

/** Pages the plan must allow. A plan that cannot be read counts as not allowing them. */
export function PlanGate({
  flag,
  messageKey = "guards.noPermission",
  children,
}: {
  flag: PlanFlag;
  messageKey?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: plan, isPending, isError } = usePlan();
  if (isPending && !isError) return <Loading />;
  if (!plan?.[flag]) return <RedirectWithToast message={t(messageKey)} />;
  return children;
}

/** Super users only (announcements). */
export function SuperOnly({ children, messageKey }: { children: ReactNode; messageKey: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.super) return <RedirectWithToast message={t(messageKey)} />;
  return children;
}
