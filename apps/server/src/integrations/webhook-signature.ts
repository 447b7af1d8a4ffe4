import { createHmac, randomBytes } from "node:crypto";

/**
 * How n8n and webhook integrations prove a call came from us: each integration has a signing
 * key of its own (made on create, stored sealed, shown to its admin once), and every call
 * carries `X-Atendo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * The receiver recomputes the HMAC with the key (its UTF-8 bytes, prefix included), compares it
 * in constant time and refuses a timestamp far from its clock, so a captured call cannot be
 * replayed later (the scheme Stripe's webhooks use).
 */

export const SIGNATURE_HEADER = "x-atendo-signature";
const SECRET_PREFIX = "whsec_";

/** A new signing key: 32 random bytes. */
export function generateSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The signature header's value for a body sent at `timestampSeconds`. */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${digest}`;
}
