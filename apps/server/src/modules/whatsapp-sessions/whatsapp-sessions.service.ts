import type { AppContext } from "../../context.js";
import { companyHasWhatsapp } from "../../db/tenant.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";

type Deps = Pick<AppContext, "db" | "sessions">;

/** The connection, in the caller's company only: another company's id answers 404. */
async function ownConnection(deps: Deps, actor: AuthSession, whatsappId: number): Promise<void> {
  if (!(await companyHasWhatsapp(deps.db, actor.companyId, whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
}

function sessionsOf(deps: Deps) {
  if (!deps.sessions) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  return deps.sessions;
}

/** "Try again": start the session with the pairing it has. */
export async function retrySession(deps: Deps, actor: AuthSession, whatsappId: number): Promise<void> {
  await ownConnection(deps, actor, whatsappId);
  await sessionsOf(deps).start(whatsappId);
}

/** "New QR": forget the pairing and start over. */
export async function renewQr(deps: Deps, actor: AuthSession, whatsappId: number): Promise<void> {
  await ownConnection(deps, actor, whatsappId);
  await sessionsOf(deps).start(whatsappId, { fresh: true });
}

/** "Disconnect": log out; reading a QR code again is needed. */
export async function disconnectSession(deps: Deps, actor: AuthSession, whatsappId: number): Promise<void> {
  await ownConnection(deps, actor, whatsappId);
  await sessionsOf(deps).logout(whatsappId);
}
