import { isAdmin, type Profile } from "@atendo/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { companies, plans, sessions, users } from "../db/schema/index.js";
import { cachedAuthUser } from "./auth-cache.js";
import { AppError } from "./errors.js";

/** Who is calling: always read from the token and the database, never from the body. */
export interface AuthSession {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

/** The caller of a request, with the session (login) its access token belongs to. */
export interface RequestAuth extends AuthSession {
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

/**
 * Verifies an access token and reloads the user with its session (auth-cache.ts), so a removed user,
 * a changed role or an ended session (logout, password reset) counts. One query: the hot path's only
 * round trip. HTTP requests and realtime sockets are both let in by it.
 */
export async function authenticateToken(ctx: Pick<AppContext, "db" | "tokens">, token: string): Promise<RequestAuth> {
  const claims = await ctx.tokens.verify(token);
  const user = await cachedAuthUser(ctx.db, claims, async () => {
    const [row] = await ctx.db
      .select({ id: users.id, companyId: users.companyId, profile: users.profile, super: users.super })
      .from(users)
      .innerJoin(
        sessions,
        and(eq(sessions.id, claims.sessionId), eq(sessions.userId, users.id), isNull(sessions.endedAt)),
      )
      .where(eq(users.id, claims.userId))
      .limit(1);
    return row;
  });
  if (!user || user.companyId !== claims.companyId) throw new AppError("ERR_INVALID_TOKEN");
  const { sessionId } = claims;
  return { userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super, sessionId };
}

export function createAuthHooks(ctx: Pick<AppContext, "db" | "tokens">) {
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError("ERR_INVALID_TOKEN");
    request.auth = await authenticateToken(ctx, token);
  }

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    if (!isAdmin(request.auth)) throw new AppError("ERR_NO_PERMISSION");
  }

  async function requireSuper(request: FastifyRequest): Promise<void> {
    if (!request.auth.super) throw new AppError("ERR_NO_PERMISSION");
  }

  /** The company's plan has the flag (a company without a plan has none). */
  function requirePlan(flag: PlanFlag) {
    return async (request: FastifyRequest): Promise<void> => {
      const [row] = await ctx.db
        .select({ allowed: plans[flag] })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, request.auth.companyId))
        .limit(1);
      if (row?.allowed !== true) throw new AppError("ERR_NO_PERMISSION");
    };
  }

  return {
    /** Any logged-in user. */
    user: [authenticate],
    admin: [authenticate, requireAdmin],
    super: [authenticate, requireSuper],
    /**
     * Admins of a company whose plan has `flag`: the server holds what the menu hides, so the
     * API does not reach a feature the plan leaves out (document 2 section 6).
     */
    adminWithPlan: (flag: PlanFlag) => [authenticate, requireAdmin, requirePlan(flag)],
  };
}

/** The plan's feature flags. */
export type PlanFlag =
  | "useCampaigns"
  | "useSchedules"
  | "useInternalChat"
  | "useExternalApi"
  | "useKanban"
  | "useOpenAi"
  | "useIntegrations";
export type AuthHooks = ReturnType<typeof createAuthHooks>;
