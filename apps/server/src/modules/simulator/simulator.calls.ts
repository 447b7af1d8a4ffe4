import { SimulatorCallAnswer, SimulatorCallBody } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { SimulatorProvider } from "../../channels/simulator/simulator.provider.js";
import type { AppContext } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import type { App } from "../../http/app.js";
import { AppError } from "../../http/errors.js";

/**
 * A simulated customer calls a connection (network side: no token, only with SIMULATOR=on).
 * A rejection is kept on the network as an outbound row with mediaType "call_log" and the
 * call's id, so `GET /simulator/outbound` lists it beside the automatic message.
 */
export function registerSimulatorCallRoutes(app: App, ctx: AppContext): void {
  if (!ctx.config.simulator) return;
  app.post(
    "/simulator/call",
    { schema: { tags: ["simulator"], body: SimulatorCallBody, response: { 200: SimulatorCallAnswer } } },
    async (request) => placeCall(ctx, request.body),
  );
}

export async function placeCall(
  deps: Pick<AppContext, "db" | "sessions">,
  input: SimulatorCallBody,
): Promise<SimulatorCallAnswer> {
  const [row] = await deps.db
    .select({ provider: whatsapps.provider })
    .from(whatsapps)
    .where(eq(whatsapps.id, input.whatsappId))
    .limit(1);
  if (row?.provider !== "simulator") throw new AppError("ERR_NO_WAPP_FOUND");
  const provider = deps.sessions?.get(input.whatsappId);
  if (!(provider instanceof SimulatorProvider) || provider.status !== "connected") {
    throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  }
  return provider.placeCall({ from: input.from, name: input.name, isVideo: input.isVideo });
}
