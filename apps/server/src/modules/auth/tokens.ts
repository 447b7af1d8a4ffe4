import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS, type Profile } from "@atendo/shared";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../../http/errors.js";

export interface AccessClaims {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  /** The session (login) the token was issued to: ending it ends the token (http/auth.ts). */
  sessionId: string;
}

const encoder = new TextEncoder();

/** Verified tokens kept in memory: a client repeats the same token until it expires. */
const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const key = encoder.encode(secret);
  // The HMAC check was a twentieth of a request's CPU; a token's claims never change,
  // so each one is verified once and then only its expiry is compared.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const { companyId, profile, sessionId } = claims;
      return new SignJWT({ companyId, profile, super: claims.super, sid: sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    /** Expired answers 403 (the client refreshes once); anything else invalid answers 401. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        throw new AppError("ERR_SESSION_EXPIRED");
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.companyId !== "number" || typeof payload.exp !== "number")
          throw new AppError("ERR_INVALID_TOKEN");
        // Signed by us before tokens named their session: the client refreshes once and gets one that does.
        if (typeof payload.sid !== "string") throw new AppError("ERR_SESSION_EXPIRED");
        const claims: AccessClaims = {
          userId,
          companyId: payload.companyId,
          profile: payload.profile as Profile,
          super: payload.super === true,
          sessionId: payload.sid,
        };
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError("ERR_SESSION_EXPIRED");
        throw new AppError("ERR_INVALID_TOKEN");
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Opaque random secrets (refresh tokens, API tokens, reset codes) and their stored hash. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
