import type { Profile } from "@atendo/shared";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { users } from "../db/schema/index.js";
import { cachedAuthUser } from "./auth-cache.js";
import { AppError } from "./errors.js";

/** Who is calling: always read from the token and the database, never from the body. */
export interface AuthSession {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthSession;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

export function createAuthHooks(ctx: Pick<AppContext, "db" | "tokens">) {
  /** Verifies the access token and reloads the user (auth-cache.ts), so a removed user or a changed role counts. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError("ERR_INVALID_TOKEN");
    const claims = await ctx.tokens.verify(token);
    const user = await cachedAuthUser(ctx.db, claims.userId, async () => {
      const [row] = await ctx.db
        .select({ id: users.id, companyId: users.companyId, profile: users.profile, super: users.super })
        .from(users)
        .where(eq(users.id, claims.userId))
        .limit(1);
      return row;
    });
    if (!user || user.companyId !== claims.companyId) throw new AppError("ERR_INVALID_TOKEN");
    request.auth = { userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super };
  }

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    if (request.auth.profile !== "admin" && !request.auth.super) throw new AppError("ERR_NO_PERMISSION");
  }

  async function requireSuper(request: FastifyRequest): Promise<void> {
    if (!request.auth.super) throw new AppError("ERR_NO_PERMISSION");
  }

  return {
    /** Any logged-in user. */
    user: [authenticate],
    admin: [authenticate, requireAdmin],
    super: [authenticate, requireSuper],
  };
}
export type AuthHooks = ReturnType<typeof createAuthHooks>;
