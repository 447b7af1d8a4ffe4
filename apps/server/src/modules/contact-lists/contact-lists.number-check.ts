import type { ChannelProvider } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import { findDefaultWhatsapp } from "../whatsapps/whatsapps.repository.js";
import { emitContactListItem, toContactListItem } from "./contact-lists.events.js";
import { setItemValidity, uncheckedItems } from "./contact-lists.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "sessions" | "log">;

/** Items read per query while checking; each is asked on its own, so this only bounds memory. */
const CHECK_BATCH = 100;

/**
 * The provider of the company's default connection while it is connected: the one that
 * answers whether a number is on WhatsApp (as contacts ask it). `sessions` is read at
 * call time, since channels are registered after the routes.
 */
async function connectedDefaultProvider(deps: Deps, companyId: number): Promise<ChannelProvider | undefined> {
  const whatsapp = await findDefaultWhatsapp(deps.db, companyId);
  return whatsapp?.status === "CONNECTED" ? deps.sessions?.get(whatsapp.id) : undefined;
}

/**
 * Asks WhatsApp about every number of the list not checked yet, in the order the items were
 * added, and records each answer as it comes (each one is a live update of its item, so open
 * pages turn the icons one by one). With no connected default connection there is nobody
 * to ask: the numbers stay unchecked (null), are taken as given by campaigns, and are
 * checked by the next check of the list. A provider that fails mid-way stops the run the
 * same way, leaving the rest unchecked.
 */
export async function checkContactListNumbers(
  deps: Deps,
  target: { companyId: number; contactListId: number },
): Promise<void> {
  const { companyId, contactListId } = target;
  const provider = await connectedDefaultProvider(deps, companyId);
  if (!provider) return;
  let afterId = 0;
  for (;;) {
    const batch = await uncheckedItems(deps.db, companyId, contactListId, afterId, CHECK_BATCH);
    if (batch.length === 0) return;
    for (const item of batch) {
      afterId = item.id;
      let valid: boolean;
      try {
        valid = await provider.checkNumber(item.number);
      } catch (error) {
        deps.log.warn({ err: error, companyId, contactListId }, "contact list number check stopped");
        return;
      }
      const row = await setItemValidity(deps.db, companyId, item, valid);
      if (row) emitContactListItem(deps, companyId, { action: "update", contactListItem: toContactListItem(row) });
    }
  }
}
