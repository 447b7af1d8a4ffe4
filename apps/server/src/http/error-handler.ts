import type { ErrorBody, ErrorCode } from "@atendo/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "./errors.js";

/** Fastify's own client errors, by status, in the spec's vocabulary. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "ERR_INVALID_TOKEN";
  if (status === 403) return "ERR_NO_PERMISSION";
  if (status === 404) return "ERR_NOT_FOUND";
  if (status === 413) return "ERR_PAYLOAD_TOO_LARGE";
  if (status === 429) return "ERR_TOO_MANY_REQUESTS";
  return "ERR_VALIDATION";
}

/**
 * The message of a 400 that only the database caught. Its own message, so that
 * tests can tell that a schema let the value through.
 */
export const REFUSED_BY_DATABASE = "valueRefusedByDatabase";

/**
 * PostgreSQL's class 22, data exception: a number out of range (22003), text
 * that is not a number or a uuid (22P02), a NUL (22021), text too long (22001).
 * The request carried a value its schema should have refused; drizzle wraps the
 * driver's error, so the code may sit on a cause.
 */
function isDataException(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** The router's own refusals (a path that is not valid UTF-8 once decoded), in the spec's shape like every other error. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === "number" ? error.statusCode : 400;
  const code = status < 500 ? codeForStatus(status) : "ERR_INTERNAL_SERVER_ERROR";
  reply.status(status).send({ error: code, message: error.message } satisfies ErrorBody);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code };
      if (error.details.message) body.message = error.details.message;
      if (error.details.data) body.data = error.details.data;
      if (error.details.fields) body.fields = error.details.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split("/").filter(Boolean)].join("."),
        message: issue.message ?? "invalid",
      }));
      return reply.status(400).send({ error: "ERR_VALIDATION", fields } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, "response failed its schema");
      return reply.status(500).send({ error: "ERR_INTERNAL_SERVER_ERROR" } satisfies ErrorBody);
    }
    if (isDataException(error)) {
      // The last line of defence, not the rule: the schema that let the value through wants a bound.
      request.log.warn({ err: error }, "the database refused a value the request's schema accepted");
      return reply.status(400).send({ error: "ERR_VALIDATION", message: REFUSED_BY_DATABASE } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: codeForStatus(status), message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "ERR_INTERNAL_SERVER_ERROR" } satisfies ErrorBody);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: "ERR_ROUTE_NOT_FOUND" } satisfies ErrorBody);
  });
}
