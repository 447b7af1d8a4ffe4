import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify writes two info lines per request. Requests are routine, so they go
 * to debug and the info log keeps what an operator acts on: startup,
 * migrations, seeding, connection status changes; failures stay at warn and
 * error (the error handler, job failures, a response that errored).
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, "route not found");
  }
}
