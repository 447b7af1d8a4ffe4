import type { ApiRoute, ApiRoutes, HttpMethod } from "@atendo/shared";
import type { z } from "zod";

/**
 * The types of the client's calls, derived from the shared route contract
 * (packages/shared/src/api): type-only, so no schema reaches the bundle.
 * What the client sends is the schema's input (what the server accepts),
 * what it gets is the schema's output (what the server's handler answers).
 */

/** A query value as the client writes it into the URL (arrays as JSON). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The paths that answer method `M`, as the contract writes them: `"/tickets/{id}"`. */
export type PathOf<M extends HttpMethod> = ApiRoute extends infer R ? (R extends `${M} ${infer P}` ? P : never) : never;

/** The contract's name of the route at `M` and `P`. */
export type RouteOf<M extends HttpMethod, P extends string> = Extract<ApiRoute, `${M} ${P}`>;

type Entry<R extends ApiRoute> = ApiRoutes[R];

/**
 * The schema's input keys, each narrowed to what the transport carries:
 * coerced fields (ids, page numbers) accept anything on the server, but a
 * path or a query only carries text, numbers and booleans.
 */
type Carried<S extends z.ZodType, V> = { [K in keyof z.input<S>]: z.input<S>[K] & V };

type ParamsOption<E> = E extends { params: infer S extends z.ZodType }
  ? { params: Carried<S, string | number> }
  : { params?: never };

type QueryOption<E> = E extends { query: infer S extends z.ZodType }
  ? Partial<Carried<S, QueryValue>> extends Carried<S, QueryValue>
    ? { query?: Carried<S, QueryValue> }
    : { query: Carried<S, QueryValue> }
  : { query?: never };

/** Multipart routes take a FormData (files cannot travel as JSON), beside or instead of the JSON body. */
type FormBody<E> = E extends { multipart: true } ? FormData : never;
type BodyOption<E> = E extends { body: infer S extends z.ZodType }
  ? { body: z.input<S> | FormBody<E> }
  : E extends { multipart: true }
    ? { body: FormData }
    : { body?: never };

/** Multipart routes may report their upload's progress (bytes sent, of the body's total). */
type ProgressOption<E> = E extends { multipart: true }
  ? { onUploadProgress?: (sent: number, total: number) => void }
  : { onUploadProgress?: never };

export type CallOptions<R extends ApiRoute> = ParamsOption<Entry<R>> &
  QueryOption<Entry<R>> &
  BodyOption<Entry<R>> &
  ProgressOption<Entry<R>> & { signal?: AbortSignal };

/** The options argument: required when the route needs path parameters, a body or a query key. */
export type CallArgs<R extends ApiRoute> =
  Partial<CallOptions<R>> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** What the route answers (200). */
export type Answer<R extends ApiRoute> = z.output<Entry<R>["response"]>;

/** What the route takes as its body (a FormData for multipart routes). */
export type RequestBody<R extends ApiRoute> = NonNullable<CallOptions<R>["body"]>;
