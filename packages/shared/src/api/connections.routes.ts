import { z } from "zod";
import { Id, IdParams, MessageAnswer } from "../common.schemas.js";
import {
  SIMULATOR_NUMBER_PATTERN,
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
} from "../simulator.schemas.js";
import { Whatsapp, WhatsappBody, WhatsappListQuery, WhatsappUpdateBody } from "../whatsapps.schemas.js";
import type { RouteGroup } from "./contract.js";

export const SimulatorCallBody = z.object({
  whatsappId: Id,
  from: z.string().regex(SIMULATOR_NUMBER_PATTERN, "digits only, with the country code"),
  name: z.string().trim().max(100).optional(),
  isVideo: z.boolean().optional(),
});
export type SimulatorCallBody = z.infer<typeof SimulatorCallBody>;

/** `rejected`: the connection declined the call (the `call` setting is disabled). */
export const SimulatorCallAnswer = z.object({ id: z.string(), rejected: z.boolean() });
export type SimulatorCallAnswer = z.infer<typeof SimulatorCallAnswer>;

/**
 * Connections, their provider sessions, and the simulator. The simulator's
 * network routes (scan, inbound, outbound, read, call) take no token and exist
 * only with SIMULATOR=on; its status and chats are the page's, with a session.
 */
export const CONNECTIONS_ROUTES = {
  "GET /whatsapp": { query: WhatsappListQuery, response: z.array(Whatsapp) },
  "GET /whatsapp/{id}": { params: IdParams, response: Whatsapp },
  "POST /whatsapp": { body: WhatsappBody, response: Whatsapp },
  "PUT /whatsapp/{id}": { params: IdParams, body: WhatsappUpdateBody, response: Whatsapp },
  "DELETE /whatsapp/{id}": { params: IdParams, response: MessageAnswer },

  /** Start the session again. */
  "POST /whatsappsession/{id}": { params: IdParams, response: MessageAnswer },
  /** A new QR code. */
  "PUT /whatsappsession/{id}": { params: IdParams, response: MessageAnswer },
  "DELETE /whatsappsession/{id}": { params: IdParams, response: MessageAnswer },

  "GET /simulator/status": { response: SimulatorStatus },
  "POST /simulator/scan/{whatsappId}": { params: SimulatorScanParams, response: SimulatorScanAnswer },
  "POST /simulator/inbound": { body: SimulatorInboundBody, response: SimulatorInboundAnswer },
  "GET /simulator/outbound": { query: SimulatorOutboundQuery, response: z.array(SimulatorOutboundItem) },
  "POST /simulator/read": { body: SimulatorReadBody, response: SimulatorReadAnswer },
  "POST /simulator/call": { body: SimulatorCallBody, response: SimulatorCallAnswer },
  "GET /simulator/chats/{id}": { params: IdParams, response: SimulatorChats },
  "GET /simulator/chats/{id}/messages": {
    params: IdParams,
    query: SimulatorChatQuery,
    response: z.array(SimulatorChatMessage),
  },
} satisfies RouteGroup;
