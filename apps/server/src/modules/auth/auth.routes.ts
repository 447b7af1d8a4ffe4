import { LoginBody, REFRESH_TOKEN_TTL_SECONDS, SessionAnswer, SessionUser } from "@atendo/shared";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findUser } from "../users/users.repository.js";
import { login, logout, refresh } from "./auth.service.js";
import { createSessionLimiters } from "./rate-limiter.js";
import { loadSessionUser } from "./session.js";

export const REFRESH_COOKIE = "jrt";

export function registerAuthRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const deps = { ...ctx, limiters: createSessionLimiters(ctx.config) };
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: ctx.config.NODE_ENV === "production",
      path: "/auth",
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });

  app.post(
    "/auth/login",
    { schema: { tags: ["session"], body: LoginBody, response: { 200: SessionAnswer } } },
    async (request, reply) => {
      const session = await login(deps, { ...request.body, ip: request.ip });
      setRefreshCookie(reply, session.refreshToken);
      return session.answer;
    },
  );

  app.post(
    "/auth/refresh_token",
    { schema: { tags: ["session"], response: { 200: SessionAnswer } } },
    async (request, reply) => {
      try {
        const session = await refresh(deps, { refreshToken: request.cookies[REFRESH_COOKIE], ip: request.ip });
        setRefreshCookie(reply, session.refreshToken);
        return session.answer;
      } catch (error) {
        if (error instanceof AppError && error.status === 401) reply.clearCookie(REFRESH_COOKIE, { path: "/auth" });
        throw error;
      }
    },
  );

  app.delete(
    "/auth/logout",
    { onRequest: auth.user, schema: { tags: ["session"], response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      await logout(ctx, request.auth, request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: "/auth" });
      return { message: "ok" };
    },
  );

  app.get(
    "/auth/me",
    { onRequest: auth.user, schema: { tags: ["session"], response: { 200: SessionUser } } },
    async (request) => {
      const user = await findUser(ctx.db, request.auth.companyId, request.auth.userId);
      if (!user) throw new AppError("ERR_NO_USER_FOUND");
      return loadSessionUser(ctx.db, user);
    },
  );
}
