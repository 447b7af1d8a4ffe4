import { Id } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { SimulatorProvider } from "../../channels/simulator/simulator.provider.js";
import type { AppContext } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import type { App } from "../../http/app.js";
import { AppError } from "../../http/errors.js";

const digits = z.string().regex(/^\d{8,20}$/, "digits only, with the country code");

export const SimulatorCallBody = z.object({
  whatsappId: Id,
  from: digits,
  name: z.string().trim().max(100).optional(),
  isVideo: z.boolean().optional(),
});
export type SimulatorCallBody = z.infer<typeof SimulatorCallBody>;

/** `rejected`: the connection declined the call (the `call` setting is disabled). */
export const SimulatorCallAnswer = z.object({ id: z.string(), rejected: z.boolean() });

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
): Promise<z.infer<typeof SimulatorCallAnswer>> {
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
