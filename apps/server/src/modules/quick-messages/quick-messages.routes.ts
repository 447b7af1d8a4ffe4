import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";

export function registerQuickMessagesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  void app;
  void ctx;
  void auth;
}
