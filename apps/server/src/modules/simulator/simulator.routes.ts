import {
  IdParams,
  SimulatorChatMessage,
  SimulatorChatQuery,
  SimulatorChats,
  SimulatorInboundAnswer,
  SimulatorInboundBody,
  SimulatorOutboundItem,
  SimulatorOutboundQuery,
  SimulatorReadAnswer,
  SimulatorReadBody,
  SimulatorScanAnswer,
  SimulatorScanParams,
  SimulatorStatus,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { customerRead, listChatMessages, listChats, readOutbound, scanQr, sendInbound } from "./simulator.service.js";

const tags = ["simulator"];

/**
 * The virtual phone network's side. The network routes (scan, inbound, outbound,
 * read) take no token and are absent unless SIMULATOR=on (off in production),
 * since anyone reaching them can act as any customer. The page's own reads
 * (status, chats) need a session and see only the session's company.
 */
export function registerSimulatorRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Always present, so the client can tell "off" from an old server.
  app.get(
    "/simulator/status",
    { onRequest: auth.user, schema: { tags, response: { 200: SimulatorStatus } } },
    async () => ({ enabled: ctx.config.simulator }),
  );

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

  app.get(
    "/simulator/chats/:id",
    {
      onRequest: auth.user,
      schema: {
        tags,
        description: "The simulated customers and groups that talked on one of the company's simulator connections.",
        params: IdParams,
        response: { 200: SimulatorChats },
      },
    },
    async (request) => listChats(ctx, request.auth, request.params.id),
  );

  app.get(
    "/simulator/chats/:id/messages",
    {
      onRequest: auth.user,
      schema: {
        tags,
        description:
          "One simulated chat (`number` for a private chat, `groupId` for a group), both directions, oldest first.",
        params: IdParams,
        querystring: SimulatorChatQuery,
        response: { 200: z.array(SimulatorChatMessage) },
      },
    },
    async (request) => listChatMessages(ctx, request.auth, request.params.id, request.query),
  );
}
