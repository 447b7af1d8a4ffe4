import { createHash, randomBytes } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS, type Profile } from "@atendo/shared";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../../http/errors.js";

export interface AccessClaims {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

const encoder = new TextEncoder();

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const key = encoder.encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ companyId: claims.companyId, profile: claims.profile, super: claims.super })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    /** Expired answers 403 (the client refreshes once); anything else invalid answers 401. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.companyId !== "number") throw new AppError("ERR_INVALID_TOKEN");
        return {
          userId,
          companyId: payload.companyId,
          profile: payload.profile as Profile,
          super: payload.super === true,
        };
      } catch (error) {
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
