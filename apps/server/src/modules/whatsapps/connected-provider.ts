import type { ChannelProvider } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type { WhatsappRow } from "./whatsapps.repository.js";

/** The running provider of a CONNECTED connection, or ERR_WAPP_NOT_INITIALIZED. */
export function connectedProvider(deps: Pick<AppContext, "sessions">, whatsapp: WhatsappRow): ChannelProvider {
  const provider = whatsapp.status === "CONNECTED" ? deps.sessions?.get(whatsapp.id) : undefined;
  if (!provider) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  return provider;
}
