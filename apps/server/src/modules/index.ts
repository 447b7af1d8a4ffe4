import { registerChannels } from "../channels/index.js";
import type { AppContext } from "../context.js";
import type { App } from "../http/app.js";
import type { AuthHooks } from "../http/auth.js";
import { registerAuthRoutes } from "./auth/auth.routes.js";
import { registerCompaniesRoutes } from "./companies/companies.routes.js";
import { registerContactsRoutes } from "./contacts/contacts.routes.js";
import { registerExternalApiRoutes } from "./external-api/external-api.routes.js";
import { registerHelpsRoutes } from "./helps/helps.routes.js";
import { registerMessagesRoutes } from "./messages/messages.routes.js";
import { registerPasswordResetRoutes } from "./password-reset/password-reset.routes.js";
import { registerPlansRoutes } from "./plans/plans.routes.js";
import { registerQueueOptionsRoutes } from "./queue-options/queue-options.routes.js";
import { registerQueuesRoutes } from "./queues/queues.routes.js";
import { registerQuickMessagesRoutes } from "./quick-messages/quick-messages.routes.js";
import { registerSettingsRoutes } from "./settings/settings.routes.js";
import { registerSimulatorRoutes } from "./simulator/simulator.routes.js";
import { registerTagsRoutes } from "./tags/tags.routes.js";
import { registerTicketNotesRoutes } from "./ticket-notes/ticket-notes.routes.js";
import { registerTicketsRoutes } from "./tickets/tickets.routes.js";
import { registerUsersRoutes } from "./users/users.routes.js";
import { registerWhatsappSessionsRoutes } from "./whatsapp-sessions/whatsapp-sessions.routes.js";
import { registerWhatsappsRoutes } from "./whatsapps/whatsapps.routes.js";

/** Every feature's routes, in one list. */
export async function registerModules(app: App, ctx: AppContext, auth: AuthHooks): Promise<void> {
  registerChannels(app, ctx);
  registerAuthRoutes(app, ctx, auth);
  registerPasswordResetRoutes(app, ctx);
  registerPlansRoutes(app, ctx, auth);
  registerCompaniesRoutes(app, ctx, auth);
  registerHelpsRoutes(app, ctx, auth);
  registerSettingsRoutes(app, ctx, auth);
  registerUsersRoutes(app, ctx, auth);
  registerQueuesRoutes(app, ctx, auth);
  registerQueueOptionsRoutes(app, ctx, auth);
  registerTicketNotesRoutes(app, ctx, auth);
  registerTicketsRoutes(app, ctx, auth);
  registerMessagesRoutes(app, ctx, auth);
  registerExternalApiRoutes(app, ctx);
  registerQuickMessagesRoutes(app, ctx, auth);
  registerTagsRoutes(app, ctx, auth);
  registerContactsRoutes(app, ctx, auth);
  registerWhatsappSessionsRoutes(app, ctx, auth);
  registerSimulatorRoutes(app, ctx);
  registerWhatsappsRoutes(app, ctx, auth);
}
