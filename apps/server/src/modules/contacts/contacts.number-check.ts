import type { AppContext } from "../../context.js";
import { findDefaultWhatsapp } from "../whatsapps/whatsapps.repository.js";
import type { CheckContactNumber } from "./contacts.service.js";

/**
 * Asks the company's default connection whether a number is on WhatsApp. With
 * no connected default there is nobody to ask, and the number is taken as given
 * (the send will tell later), rather than refusing every contact while offline.
 * `ctx.sessions` is read at call time: channels are registered after the routes.
 */
export function providerNumberCheck(ctx: Pick<AppContext, "db" | "sessions">): CheckContactNumber {
  return async (companyId, number) => {
    const whatsapp = await findDefaultWhatsapp(ctx.db, companyId);
    const provider = whatsapp?.status === "CONNECTED" ? ctx.sessions?.get(whatsapp.id) : undefined;
    if (!provider) return true;
    return provider.checkNumber(number);
  };
}
