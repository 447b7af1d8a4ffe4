import fc from "fast-check";

/** The parts of OpenAPI 3's JSON Schema that @fastify/swagger writes for our zod schemas. */
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  method: string;
  /** As the document writes it: `/tickets/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the route declares one. */
  body?: JsonSchema;
}

export function operationsOf(document: { paths?: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === "path"),
      queryParams: (operation.parameters ?? []).filter((parameter) => parameter.in === "query"),
      body: operation.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

/** Values to try where a real row is named: ids and strings that exist, and a few that do not. */
export interface Pools {
  ids: number[];
  /** Values for string path parameters, by parameter name (`key`, `lang`, `email`...). */
  strings: Record<string, string[]>;
}

/** A request as the fuzz builds it, before it becomes a URL and a payload. */
interface Draft {
  path: Record<string, string>;
  query: [string, string][];
  body:
    | { kind: "none" }
    | { kind: "json"; value: unknown; decoration: Decoration }
    | { kind: "multipart"; fields: [string, string][] };
}

/** Odd JSON that only text can carry: prototype keys (refused by Fastify's parser), and nesting deeper than any stack. */
type Decoration = "none" | "proto" | "constructor" | "deep";

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Which invalid part the request carries, for the failure message. */
  poison: string;
}

/** Numbers that no id, page or count of the API accepts, whatever preprocessing it does ("" and 0 may mean none). */
const BAD_INTEGERS = ["2147483648", "99999999999", "99999999999999999999999", "1.5", "-7", "abc", "Infinity", "NaN"];

/** Text with NUL, which no PostgreSQL text column stores. */
const nulText = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);

/**
 * Text with one half of a surrogate pair alone, which has no UTF-8 form. Only
 * JSON can carry it (as a \ud800 escape); in a URL it can only be written as
 * invalid UTF-8, which the router refuses in a path and the query parser
 * decodes leniently (so it is no poison there).
 */
const loneSurrogateText = fc
  .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 10 }))
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b}`);

/** Text no column can store. */
const unstorableText: fc.Arbitrary<string> = fc.oneof(nulText, loneSurrogateText);

/** Strings a column can store but few routes expect. */
const oddText = fc.constantFrom(
  "",
  " ",
  "abc",
  "null",
  "__proto__",
  "constructor",
  "2024-13-45",
  "9999-12-31",
  "0000-00-00",
  "0000-01-01",
  "2024-02-30T25:61:00Z",
  "00000000-0000-0000-0000-000000000000",
  "99999999999",
  "-1",
  "1e400",
  "'; SELECT pg_sleep(10); --",
  "%",
  "\\",
  "😀",
  "x".repeat(5001),
  "[1,2",
  "[99999999999]",
  "Mars/Olympus",
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  oddText,
  fc.constantFrom(2147483648, 99999999999, -1, 0, 1.5, 1e308, -0, true, null, [], {}),
);

function plausible(schema: JsonSchema | undefined, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return junk;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "integer":
      return fc.oneof(fc.constantFrom(...pools.ids), fc.integer({ min: -3, max: 50 }), fc.constantFrom(2147483647));
    case "number":
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "enabled", 1, 0));
    case "string":
      return fc.oneof(fc.string({ maxLength: 20 }), oddText);
    case "array":
      return fc.array(fc.oneof(plausible(schema.items, pools, depth + 1), junk), { maxLength: 3 });
    case "object":
      return depth > 2 ? junk : objectNoise(schema, pools, depth + 1);
    default:
      return schema.anyOf ? fc.oneof(...schema.anyOf.map((option) => plausible(option, pools, depth + 1))) : junk;
  }
}

function objectNoise(schema: JsonSchema, pools: Pools, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const declared = fc.record(
    Object.fromEntries(properties.map(([name, property]) => [name, fc.oneof(plausible(property, pools, depth), junk)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 });
  return fc.tuple(declared, extra).map(([known, more]) => ({ ...more, ...known }));
}

function queryValue(schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    plausible(schema, pools).map((value) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""))),
    oddText,
  );
}

function draftNoise(operation: Operation, pools: Pools): fc.Arbitrary<Draft> {
  const path = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => [
        parameter.name,
        parameter.schema?.type === "integer"
          ? fc.constantFrom(...pools.ids).map(String)
          : fc.oneof(fc.constantFrom(...(pools.strings[parameter.name] ?? ["x"])), oddText.filter(Boolean)),
      ]),
    ),
  );
  const query =
    operation.queryParams.length === 0
      ? fc.constant<[string, string][]>([])
      : fc.array(
          fc
            .constantFrom(...operation.queryParams)
            .chain((parameter) =>
              queryValue(parameter.schema, pools).map((value): [string, string] => [parameter.name, value]),
            ),
          { maxLength: operation.queryParams.length + 1 },
        );
  const decoration = fc.constantFrom<Decoration>("none", "none", "none", "none", "proto", "constructor", "deep");
  const json = fc
    .tuple(operation.body ? plausible(operation.body, pools) : junk, decoration)
    .map(([value, decorated]): Draft["body"] => ({ kind: "json", value, decoration: decorated }));
  const multipart = fc
    .array(fc.tuple(fc.constantFrom("body", "number", "quotedMsgId", "typeArch"), queryValue(undefined, pools)), {
      maxLength: 3,
    })
    .map((fields): Draft["body"] => ({ kind: "multipart", fields }));
  const none = fc.constant<Draft["body"]>({ kind: "none" });
  const body =
    operation.method === "GET" ? none : operation.body ? fc.oneof(json, json, none) : fc.oneof(none, json, multipart);
  return fc.record({ path, query, body });
}

type Poison = { name: string; apply(draft: Draft): Draft };

/** What JSON Schema types a schema accepts at its top level. */
function acceptedTypes(schema: JsonSchema): Set<string> {
  const types = new Set(schema.anyOf ? schema.anyOf.map((option) => option.type ?? "any") : [schema.type ?? "any"]);
  if (schema.nullable) types.add("null");
  return types;
}

/** A value of a JSON type the schema refuses (no route coerces an object to a scalar, or a number to an object). */
function wrongTypeFor(schema: JsonSchema): unknown | undefined {
  const accepted = acceptedTypes(schema);
  if (accepted.has("any")) return undefined;
  if (!accepted.has("object")) return { wrong: [] };
  if (!accepted.has("number") && !accepted.has("integer")) return 42;
  return undefined;
}

/**
 * The invalid parts a request of this operation can carry, each refused by the
 * input guard or by the route's schema, so that no generated request may do
 * anything but fail.
 */
function poisons(operation: Operation): fc.Arbitrary<Poison>[] {
  const found: fc.Arbitrary<Poison>[] = [];
  const { pathParams, queryParams, body } = operation;
  const integerPath = pathParams.filter((parameter) => parameter.schema?.type === "integer");
  const integerQuery = queryParams.filter((parameter) => parameter.schema?.type === "integer");

  // NUL in a query key or value: every route's query passes the input guard.
  found.push(
    fc
      .record({
        key: fc.constantFrom("q", ...queryParams.map((parameter) => parameter.name)),
        text: nulText,
        asKey: fc.boolean(),
      })
      .map(({ key, text, asKey }) => ({
        name: `query ${asKey ? "key" : key} ${JSON.stringify(text)}`,
        apply: (draft) => ({ ...draft, query: [...draft.query, asKey ? [text, "1"] : [key, text]] }),
      })),
  );
  if (pathParams.length > 0) {
    found.push(
      fc.record({ parameter: fc.constantFrom(...pathParams), text: unstorableText }).map(({ parameter, text }) => ({
        name: `path ${parameter.name} ${JSON.stringify(text)}`,
        apply: (draft) => ({ ...draft, path: { ...draft.path, [parameter.name]: text } }),
      })),
    );
  }
  if (integerPath.length > 0) {
    found.push(
      fc
        .record({ parameter: fc.constantFrom(...integerPath), value: fc.constantFrom(...BAD_INTEGERS) })
        .map(({ parameter, value }) => ({
          name: `path ${parameter.name} ${value}`,
          apply: (draft) => ({ ...draft, path: { ...draft.path, [parameter.name]: value } }),
        })),
    );
  }
  if (integerQuery.length > 0) {
    found.push(
      fc
        .record({ parameter: fc.constantFrom(...integerQuery), value: fc.constantFrom(...BAD_INTEGERS) })
        .map(({ parameter, value }) => ({
          name: `query ${parameter.name} ${value}`,
          apply: (draft) => ({
            ...draft,
            query: [...draft.query.filter(([key]) => key !== parameter.name), [parameter.name, value]],
          }),
        })),
    );
  }
  // Fastify parses no body for GET.
  if (operation.method !== "GET") found.push(bodyTextPoison(body));
  if (body) {
    const wrongBody = wrongTypeFor(body);
    const scalars = [wrongBody, "text", true, ...(acceptedTypes(body).has("null") ? [] : [null])];
    found.push(
      fc.constantFrom(...scalars.filter((value) => value !== undefined)).map((value) => ({
        name: `body ${JSON.stringify(value)}`,
        apply: (draft) => ({ ...draft, body: { kind: "json", value, decoration: "none" } }),
      })),
    );
    const typed = Object.entries(body.properties ?? {}).filter(([, property]) => wrongTypeFor(property) !== undefined);
    if (typed.length > 0) {
      found.push(
        fc.constantFrom(...typed).map(([name, property]) => ({
          name: `body.${name} ${JSON.stringify(wrongTypeFor(property))}`,
          apply: (draft) => ({
            ...draft,
            body: { kind: "json", value: { ...asObject(draft), [name]: wrongTypeFor(property) }, decoration: "none" },
          }),
        })),
      );
    }
  }
  return found;
}

function asObject(draft: Draft): Record<string, unknown> {
  const value = draft.body.kind === "json" ? draft.body.value : undefined;
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Unstorable text in a JSON body: in a declared string field, under a new key, inside an array, or as a key. */
function bodyTextPoison(body: JsonSchema | undefined): fc.Arbitrary<Poison> {
  const stringFields = Object.entries(body?.properties ?? {})
    .filter(([, property]) => property.type === "string")
    .map(([name]) => name);
  return fc
    .record({
      field: fc.constantFrom("extra", ...stringFields),
      place: fc.constantFrom("value", "array", "key"),
      text: unstorableText,
    })
    .map(({ field, place, text }) => ({
      name: `body ${place} ${field} ${JSON.stringify(text)}`,
      apply: (draft) => {
        const inside = place === "value" ? text : place === "array" ? ["ok", { deeper: text }] : { [text]: 1 };
        return { ...draft, body: { kind: "json", value: { ...asObject(draft), [field]: inside }, decoration: "none" } };
      },
    }));
}

/** Percent-encoding, with a lone surrogate sent as the three bytes a careless encoder writes for it (WTF-8). */
function encode(text: string): string {
  return Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    }
    return encodeURIComponent(char);
  }).join("");
}

const BOUNDARY = "----atendo-fuzz";

function render(operation: Operation, draft: Draft, poison: string): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encode(draft.path[name] ?? "1"));
  const query = draft.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join("&");
  const request: FuzzRequest = {
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers: {},
    poison,
  };
  if (draft.body.kind === "json") {
    request.headers["content-type"] = "application/json";
    request.payload = decorate(JSON.stringify(draft.body.value) ?? "null", draft.body.decoration);
  } else if (draft.body.kind === "multipart") {
    request.headers["content-type"] = `multipart/form-data; boundary=${BOUNDARY}`;
    const parts = draft.body.fields.map(
      ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="medias"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
    request.payload = `${parts.join("")}${file}--${BOUNDARY}--\r\n`;
  }
  return request;
}

function decorate(json: string, decoration: Decoration): string {
  if (decoration === "none" || !json.startsWith("{")) return json;
  const rest = json === "{}" ? "}" : `,${json.slice(1)}`;
  if (decoration === "proto") return `{"__proto__":{"polluted":true}${rest}`;
  if (decoration === "constructor") return `{"constructor":{"prototype":{"polluted":true}}${rest}`;
  const depth = 10_000;
  return `{"deep":${"[".repeat(depth)}${"]".repeat(depth)}${rest}`;
}

/** A request the API must refuse: noise around at least one invalid part. */
export function invalidRequest(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(draftNoise(operation, pools), fc.oneof(...poisons(operation)))
    .map(([draft, poison]) => render(operation, poison.apply(draft), poison.name));
}

/** A request with noise only: for reads, and for writes whose path names rows that do not exist. */
export function noisyRequest(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return draftNoise(operation, pools).map((draft) => render(operation, draft, "none"));
}
