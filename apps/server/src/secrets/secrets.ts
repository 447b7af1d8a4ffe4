import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Keys of remote services that tenants give us (OpenAI, Azure speech, Dialogflow's service
 * account, integration signing secrets) are stored sealed: AES-256-GCM under the server's
 * secrets key, so a copy of the database alone does not hand them out. They are opened only
 * where a call to the service is made, and never answered back or logged (answers carry `mask`).
 */
export interface Secrets {
  /** The sealed form to store: "v1.<iv>.<tag>.<ciphertext>" (base64url). */
  seal(plain: string): string;
  /** The plain value of a sealed one; throws on a value sealed under another key or altered. */
  open(sealed: string): string;
}

const VERSION = "v1";

/**
 * The secrets key: SECRETS_KEY (32 bytes, base64) when given, so it can differ from the token
 * secret; otherwise derived from the token secret with HKDF, which keeps the quick start and
 * existing deployments working without a new variable.
 */
export function secretsKey(config: { SECRETS_KEY?: string | undefined; jwtSecret: string }): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, "base64");
  return Buffer.from(hkdfSync("sha256", config.jwtSecret, "atendo", "stored secrets v1", 32));
}

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error("the secrets key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"));
      return [VERSION, ...parts].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new Error("not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** What an answer may show of a key: its last four characters ("••••abcd"), nothing for a short one. */
export function maskSecret(plain: string): string {
  if (!plain) return "";
  return plain.length <= 8 ? "••••" : `••••${plain.slice(-4)}`;
}
