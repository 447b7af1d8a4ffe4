import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import {
  SimulatorInboundAnswer,
  SimulatorInboundBody,
  SimulatorOutboundItem,
  SimulatorOutboundQuery,
  SimulatorReadAnswer,
  SimulatorReadBody,
  SimulatorScanAnswer,
  SimulatorScanParams,
} from "./simulator.schemas.js";
import { customerRead, readOutbound, scanQr, sendInbound } from "./simulator.service.js";

const tags = ["simulator"];

/**
 * The virtual phone network's side: no token, and absent unless SIMULATOR=on
 * (off in production), since anyone reaching it can act as any customer.
 */
export function registerSimulatorRoutes(app: App, ctx: AppContext): void {
  if (!ctx.config.simulator) return;

  app.post(
    "/simulator/scan/:whatsappId",
    { schema: { tags, params: SimulatorScanParams, response: { 200: SimulatorScanAnswer } } },
    async (request) => scanQr(ctx, request.params.whatsappId),
  );

  app.post(
    "/simulator/inbound",
    { schema: { tags, body: SimulatorInboundBody, response: { 200: SimulatorInboundAnswer } } },
    async (request) => sendInbound(ctx, request.body),
  );

  app.get(
    "/simulator/outbound",
    { schema: { tags, querystring: SimulatorOutboundQuery, response: { 200: z.array(SimulatorOutboundItem) } } },
    async (request) => readOutbound(ctx, request.query.whatsappId, request.query.to),
  );

  app.post(
    "/simulator/read",
    { schema: { tags, body: SimulatorReadBody, response: { 200: SimulatorReadAnswer } } },
    async (request) => customerRead(ctx, request.body.whatsappId, request.body.from),
  );
}
