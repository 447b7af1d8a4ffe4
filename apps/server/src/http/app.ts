import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_VERSION } from "@atendo/shared";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { openAiHandoff } from "../automation/ai/ai-handoff.js";
import { HANDOFF_SERVICES } from "../automation/flows/flow-handoff.js";
import { stopTicketFlow } from "../automation/flows/flow-run.js";
import { stopTicketIntegration } from "../automation/integrations/integrations.repository.js";
import { typebotHandoff } from "../automation/integrations/typebot-handoff.js";
import type { Config } from "../config.js";
import type { AppContext } from "../context.js";
import type { Database } from "../db/client.js";
import { createJobs } from "../jobs/jobs.js";
import { JOB_DEFINITIONS } from "../jobs/registry.js";
import type { Rounds } from "../jobs/rounds.js";
import { createMailer, type Mailer } from "../mail/mailer.js";
import { registerMediaRoute } from "../media/serve.js";
import { createMediaStorage } from "../media/storage.js";
import { createTokenSigner } from "../modules/auth/tokens.js";
import { handleInboundCall } from "../modules/calls/calls.js";
import { registerModules } from "../modules/index.js";
import { applyAcks, applySendFailure, ingestInbound } from "../modules/ingestion/ingest.js";
import { sendTicketMessage } from "../modules/messages/send.js";
import { sealPlainPaymentTokens } from "../modules/settings/payment-token.js";
import { startWordIndexer } from "../modules/tickets/search-words.js";
import { createRealtime } from "../realtime/gateway.js";
import { createSecrets, secretsKey } from "../secrets/secrets.js";
import { authenticateToken, createAuthHooks } from "./auth.js";
import { frameworkErrors, registerErrorHandler } from "./error-handler.js";
import { registerHealth } from "./health.js";
import { registerInputGuard } from "./input-guard.js";
import { RequestsAtDebug } from "./request-log.js";
import { docsContentSecurityPolicy, registerSecurity } from "./security.js";

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  logger?: boolean | object;
}

/** Paths that always belong to the server even when a browser asks for HTML. */
const SERVER_PREFIXES = ["/docs", "/socket.io", "/assets/", "/public/"];

export async function buildApp(options: BuildAppOptions): Promise<{ app: App; ctx: AppContext }> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // Whose address counts for the per-IP limits: the peer's, unless TRUST_PROXY names the proxies in front.
    trustProxy: config.trustProxy,
    // The original client of this product family calls `/tags/`, `/whatsapp/?session=0`...: both forms are one route.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    logController: new RequestsAtDebug(),
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  const tokens = createTokenSigner(config.jwtSecret);
  const realtime = await createRealtime({
    httpServer: app.server,
    authenticate: (token) => authenticateToken({ db: options.db, tokens }, token),
    log: app.log,
    corsOrigin: config.WEB_ORIGIN,
    redisUrl: config.REDIS_URL,
    checkPayloads: config.NODE_ENV === "test",
  });
  // Before the HTTP server closes: an open long-poll would otherwise hold the close for a whole ping interval.
  app.addHook("preClose", async () => realtime.close());
  // Refuses to start on an incomplete job definition; enqueueing works once started.
  const jobs = createJobs({
    db: options.db,
    log: app.log,
    definitions: JOB_DEFINITIONS,
    pollSeconds: config.JOB_POLL_SECONDS,
  });
  await jobs.start();
  // The flow engine's OpenAI node answers through the AI runtime (automation/ai).
  HANDOFF_SERVICES.openai = openAiHandoff;
  // Its Typebot node talks to Typebot through the queue integrations' client (automation/integrations).
  HANDOFF_SERVICES.typebot = typebotHandoff;
  const ctx: AppContext = {
    config,
    db: options.db,
    tokens,
    mailer: options.mailer ?? createMailer(config, app.log),
    media: createMediaStorage(config.DATA_DIR),
    secrets: createSecrets(secretsKey(config)),
    realtime,
    jobs,
    log: app.log,
    sendMessage: sendTicketMessage,
    stopAutomation: async (tx, ticket) => {
      await stopTicketFlow(tx, ticket);
      await stopTicketIntegration(tx, ticket);
    },
    inbound: {
      message: (connection, message) => ingestInbound(ctx, connection, message),
      acks: (connection, acks) => applyAcks(ctx, connection, acks),
      failed: (connection, providerId, error) => applySendFailure(ctx, connection, providerId, error),
      call: (connection, provider, call) => handleInboundCall(ctx, connection, provider, call),
    },
  };

  // A data migration in code (SQL cannot reach the secrets key): tokens stored before they were sealed.
  const sealedTokens = await sealPlainPaymentTokens(options.db, ctx.secrets);
  if (sealedTokens > 0) app.log.info({ count: sealedTokens }, "plain payment tokens sealed");

  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "Atendo API", version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy,
  });

  await registerMediaRoute(app, ctx.media.root);
  registerWebClient(app, config);
  await registerModules(app, ctx, createAuthHooks(ctx));
  // After the modules' hooks: workers start once the sessions run, and stop before they do.
  app.addHook("onReady", async () => jobs.startWorkers(ctx));
  app.addHook("onClose", async () => jobs.stop());
  // Ticket search's words, indexed in the background (search-words.ts).
  let wordIndexer: Rounds | undefined;
  app.addHook("onReady", async () => {
    wordIndexer = startWordIndexer(options.db, app.log, { everyMs: config.SEARCH_WORDS_EVERY_MS });
  });
  app.addHook("onClose", async () => wordIndexer?.stop());
  registerHealth(app, options.db);
  return { app, ctx };
}

/**
 * The history-API fallback: browser navigations get the single-page app, every
 * other request reaches the API at the spec's paths (several pages share a path
 * with an API list, such as /contacts or /users).
 */
function registerWebClient(app: App, config: Config): void {
  const dist = config.WEB_DIST ?? findWebDist();
  const indexFile = dist ? join(dist, "index.html") : undefined;
  if (!dist || !indexFile || !existsSync(indexFile)) {
    app.log.info("web client build not found: serving the API only");
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  app.register(fastifyStatic, {
    root: join(dist, "assets"),
    prefix: "/assets/",
    decorateReply: false,
    maxAge: "365d",
    immutable: true,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const path = request.url.split("?")[0] ?? "/";
    if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const accept = request.headers.accept ?? "";
    if (!accept.includes("text/html")) return;
    return reply.header("Vary", "Accept").header("Cache-Control", "no-cache").type("text/html").send(indexHtml);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.getHeader("Vary")) reply.header("Vary", "Accept");
    return payload;
  });
  for (const file of ["favicon.ico", "favicon.svg", "logo.svg", "manifest.json"]) {
    const full = join(dist, file);
    if (existsSync(full)) {
      const content = readFileSync(full);
      app.get(`/${file}`, { schema: { hide: true } }, async (_request, reply) =>
        reply.type(mimeOf(file)).send(content),
      );
    }
  }
}

function mimeOf(file: string): string {
  if (file.endsWith(".svg")) return "image/svg+xml";
  if (file.endsWith(".json")) return "application/json";
  return "image/x-icon";
}

function findWebDist(): string | undefined {
  const candidates = [join(process.cwd(), "apps/web/dist"), join(process.cwd(), "../web/dist")];
  return candidates.find((dir) => existsSync(join(dir, "index.html")));
}
