import { companyEvent } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { PresenceSignal } from "../../realtime/gateway.js";
import { rooms } from "../../realtime/gateway.js";
import { userPayload } from "../users/users.service.js";
import { markOffline, markOnline } from "./presence.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "log">;

/**
 * Stores a presence signal in the users row, so every server process (and the
 * dashboard's SQL) reads the same answer. When the user's state flips, the
 * company's other sockets get `company-{id}-user` so open user lists follow;
 * the user's own sockets are left out (their client refreshes its session on
 * an update of itself, and knows it is online).
 */
export async function applyPresence(deps: Deps, signal: PresenceSignal): Promise<void> {
  const { companyId, userId } = signal;
  const flipped =
    signal.kind === "online"
      ? await markOnline(deps.db, companyId, userId)
      : await markOffline(deps.db, companyId, userId);
  if (!flipped) return;
  const user = await userPayload(deps, companyId, userId);
  if (!user) return;
  deps.realtime.toRooms([rooms.company(companyId)], companyEvent.user(companyId), { action: "update", user }, [
    rooms.user(companyId, userId),
  ]);
}

/** Signals of one user are stored in order (a quick reconnect must not end offline). */
export function registerPresence(deps: Deps): void {
  const queues = new Map<string, Promise<void>>();
  deps.realtime.onPresence((signal) => {
    const key = `${signal.companyId}:${signal.userId}`;
    const next = (queues.get(key) ?? Promise.resolve())
      .then(() => applyPresence(deps, signal))
      .catch((error: unknown) => deps.log.warn({ err: error, ...signal }, "presence not stored"))
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      });
    queues.set(key, next);
  });
}
