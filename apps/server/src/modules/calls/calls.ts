import { type ChannelProvider, type InboundCall, missedCallBody } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import { type IngestDeps, ingestInbound } from "../ingestion/ingest.js";
import { sendTicketMessage } from "../messages/send.js";
import { getSetting } from "../settings/settings.repository.js";

export type CallDeps = IngestDeps & Pick<AppContext, "sessions">;

/** What a caller reads when calls are disabled (the Whaticket family's automatic message, pt-BR). */
export const CALLS_DISABLED_MESSAGE =
  "*Mensagem Automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado";

/**
 * The `call` setting (docs/decisions.md, "Calls"): enabled, the call rings on the connected
 * phone and nothing is recorded here; disabled, the call is rejected on the network, a call_log
 * message is stored in the caller's ticket (opened if needed) through the one ingestion path, and
 * the automatic message goes out. A call reported twice is stored and answered once (ingestion
 * is idempotent on the call id).
 */
export async function handleInboundCall(
  deps: CallDeps,
  whatsapp: { id: number; companyId: number },
  provider: Pick<ChannelProvider, "rejectCall">,
  call: InboundCall,
): Promise<void> {
  if ((await getSetting(deps.db, whatsapp.companyId, "call")) !== "disabled") return;
  try {
    await provider.rejectCall(call);
  } catch (error) {
    // The caller may have hung up already; the record and the message still matter.
    deps.log.warn({ err: error, whatsappId: whatsapp.id, callId: call.callId }, "call not rejected");
  }
  const result = await ingestInbound(deps, whatsapp, {
    providerId: call.callId,
    from: call.from,
    name: call.name,
    body: missedCallBody(call),
    timestamp: call.timestamp,
    call: { isVideo: call.isVideo },
  });
  if (!("ticket" in result)) return;
  const { ticket } = result;
  try {
    await sendTicketMessage(
      deps,
      { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
      { body: CALLS_DISABLED_MESSAGE, automatic: true },
    );
  } catch (error) {
    deps.log.warn({ err: error, ticketId: ticket.id }, "calls-disabled message not sent");
  }
}
