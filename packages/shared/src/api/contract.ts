import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** A route's name: its method and its path as the OpenAPI document writes it, `GET /tickets/{id}`. */
export type RouteKey = `${HttpMethod} /${string}`;

/**
 * One HTTP route of the API: what it takes and what it answers (200), as the
 * same zod schemas the server's route declares. The web client derives its
 * calls from these; apps/server/test/api-contract.test.ts holds them to the server.
 */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /**
   * The route takes multipart/form-data (files beside the fields), alone or
   * besides the JSON body; the server reads that form by hand, so no schema.
   */
  multipart?: true;
  response: z.ZodType;
}

/** A group of routes, keyed by name; `satisfies` keeps each entry's own schema types. */
export type RouteGroup = Record<RouteKey, RouteContract>;
