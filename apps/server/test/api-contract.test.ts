import { API_ROUTES, type RouteContract } from "@atendo/shared";
import swagger from "@fastify/swagger";
import Fastify, { type FastifySchema, type HTTPMethods } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "./harness.js";
import { operationsOf } from "./openapi-fuzz.js";

/**
 * The shared route contract (packages/shared/src/api), which types the web
 * client's calls, against the routes the server serves. Both are put through
 * the same OpenAPI generator: the contract as stub routes, the server as it
 * runs. They must name the same routes, and each route must take and answer
 * the same schemas, so neither can change without the other.
 */
type OpenApiDocument = Parameters<typeof operationsOf>[0] & {
  paths: Record<string, Record<string, { parameters?: unknown; requestBody?: unknown; responses?: unknown }>>;
};

const contractRoutes = Object.entries(API_ROUTES) as [string, RouteContract][];

/** The contract as a Fastify app of stub routes: its OpenAPI document. */
async function contractDocument(): Promise<OpenApiDocument> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: "contract", version: "0" } },
    transform: jsonSchemaTransform,
  });
  for (const [name, route] of contractRoutes) {
    const [method, path] = name.split(" ") as [HTTPMethods, string];
    const schema: FastifySchema = { response: { 200: route.response } };
    if (route.params) schema.params = route.params;
    if (route.query) schema.querystring = route.query;
    // A multipart route reads its body by hand, so the server declares no body schema for it.
    if (route.body && !route.multipart) schema.body = route.body;
    app.route({ method, url: path.replace(/\{(\w+)\}/g, ":$1"), schema, handler: async () => ({}) });
  }
  await app.ready();
  const document = app.swagger() as OpenApiDocument;
  await app.close();
  return document;
}

/** What a call takes and answers; tags, descriptions and security are the server's own. */
function shapeOf(document: OpenApiDocument, name: string) {
  const [method, path] = name.split(" ") as [string, string];
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return undefined;
  const { parameters, requestBody, responses } = operation;
  return { parameters, requestBody, responses };
}

let env: TestEnv;
let served: OpenApiDocument;
let contract: OpenApiDocument;

beforeAll(async () => {
  // With the simulator on (the tests' default), so its routes are served too.
  env = await createTestEnv();
  served = env.app.swagger() as OpenApiDocument;
  contract = await contractDocument();
});
afterAll(async () => env.close());

describe("the API contract", () => {
  it("names every route the server documents, and no other", () => {
    const servedNames = operationsOf(served).map((operation) => `${operation.method} ${operation.path}`);
    expect(contractRoutes.map(([name]) => name).sort()).toEqual(servedNames.sort());
  });

  it.each(contractRoutes.map(([name]) => name))("%s takes and answers what the server's route does", (name) => {
    expect(shapeOf(served, name)).toEqual(shapeOf(contract, name));
  });
});
