import { LoginBody, REFRESH_TOKEN_TTL_SECONDS, SESSION_HINT_COOKIE, SessionAnswer, SessionUser } from "@atendo/shared";
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
  const secure = ctx.config.NODE_ENV === "production";
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply
      .setCookie(REFRESH_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/auth",
        maxAge: REFRESH_TOKEN_TTL_SECONDS,
      })
      // Readable by the page on every path, holding no secret: the client asks for a refresh only
      // when it is there, so public pages make no call that can only fail.
      .setCookie(SESSION_HINT_COOKIE, "1", { sameSite: "lax", secure, path: "/", maxAge: REFRESH_TOKEN_TTL_SECONDS });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: "/auth" }).clearCookie(SESSION_HINT_COOKIE, { path: "/" });

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
        if (error instanceof AppError && error.status === 401) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.delete(
    "/auth/logout",
    { onRequest: auth.user, schema: { tags: ["session"], response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      await logout(ctx, request.auth, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
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
