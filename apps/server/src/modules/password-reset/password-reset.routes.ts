import { ForgetPasswordParams, MessageAnswer, ResetPasswordBody, ResetPasswordParams } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import { createLoginLimiters } from "../auth/rate-limiter.js";
import { requestPasswordReset, resetPassword } from "./password-reset.service.js";

export function registerPasswordResetRoutes(app: App, ctx: AppContext): void {
  const limiters = createLoginLimiters(ctx.config);
  const schema = { tags: ["password reset"], response: { 200: MessageAnswer } };

  app.post("/forgetpassword/:email", { schema: { ...schema, params: ForgetPasswordParams } }, async (request) => {
    limiters.perIp.hit(request.ip);
    limiters.perAccount.hit(request.params.email.toLowerCase());
    await requestPasswordReset(ctx, request.params.email.toLowerCase());
    return { message: "emailSent" };
  });

  /** Kept as the spec writes it, for compatibility: the new password travels in the path. */
  app.post(
    "/resetpasswords/:email/:token/:newPassword",
    { schema: { ...schema, params: ResetPasswordParams, description: "Deprecated: prefer POST /resetpasswords." } },
    async (request) => {
      limiters.perIp.hit(request.ip);
      const { email, token, newPassword } = request.params;
      await resetPassword(ctx, { email: email.toLowerCase(), token, password: newPassword });
      return { message: "passwordUpdated" };
    },
  );

  /** The safe variant the web client uses: the same data in a JSON body. */
  app.post("/resetpasswords", { schema: { ...schema, body: ResetPasswordBody } }, async (request) => {
    limiters.perIp.hit(request.ip);
    await resetPassword(ctx, request.body);
    return { message: "passwordUpdated" };
  });
}
