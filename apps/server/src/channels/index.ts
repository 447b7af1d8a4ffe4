import type { AppContext } from "../context.js";
import type { App } from "../http/app.js";
import { createBaileysFactory } from "./baileys/baileys.provider.js";
import { createCloudFactory } from "./cloud/cloud.provider.js";
import type { ProviderConnection, ProviderFactory } from "./provider.js";
import { SessionManager } from "./sessions.js";
import { createSimulatorFactory } from "./simulator/simulator.provider.js";

/**
 * Creates the process's session manager (ctx.sessions), starts every runnable
 * connection once the app is ready and stops them all when it closes.
 */
export function registerChannels(app: App, ctx: AppContext): SessionManager {
  const factories: Partial<Record<ProviderConnection["provider"], ProviderFactory>> = {};
  if (ctx.config.simulator) factories.simulator = createSimulatorFactory(ctx);
  if (ctx.config.BAILEYS === "on") factories.baileys = createBaileysFactory(ctx);
  // The official API needs no local session, only the stored credentials: always available.
  factories.cloud = createCloudFactory(ctx);
  const sessions = new SessionManager(ctx, factories);
  ctx.sessions = sessions;
  app.addHook("onReady", async () => {
    await sessions.startAll();
  });
  app.addHook("onClose", async () => {
    await sessions.stopAll();
  });
  return sessions;
}
