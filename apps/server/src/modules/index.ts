import type { AppContext } from "../context.js";
import type { App } from "../http/app.js";
import type { AuthHooks } from "../http/auth.js";
import { registerAuthRoutes } from "./auth/auth.routes.js";
import { registerPasswordResetRoutes } from "./password-reset/password-reset.routes.js";

/** Every feature's routes, in one list. */
export async function registerModules(app: App, ctx: AppContext, auth: AuthHooks): Promise<void> {
  registerAuthRoutes(app, ctx, auth);
  registerPasswordResetRoutes(app, ctx);
}
