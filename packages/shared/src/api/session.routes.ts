import {
  ForgetPasswordParams,
  LoginBody,
  ResetPasswordBody,
  ResetPasswordParams,
  SessionAnswer,
  SessionUser,
} from "../auth.schemas.js";
import { MessageAnswer } from "../common.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Logging in and out, the session's user, password reset. */
export const SESSION_ROUTES = {
  "POST /auth/login": { body: LoginBody, response: SessionAnswer },
  /** The refresh token travels in its httpOnly cookie. */
  "POST /auth/refresh_token": { response: SessionAnswer },
  "DELETE /auth/logout": { response: MessageAnswer },
  "GET /auth/me": { response: SessionUser },
  "POST /forgetpassword/{email}": { params: ForgetPasswordParams, response: MessageAnswer },
  /** The spec's form, with the new password in the path; the web client uses POST /resetpasswords. */
  "POST /resetpasswords/{email}/{token}/{newPassword}": { params: ResetPasswordParams, response: MessageAnswer },
  "POST /resetpasswords": { body: ResetPasswordBody, response: MessageAnswer },
} satisfies RouteGroup;
