import { randomBytes } from "node:crypto";
import type { ConnectionProvider, WhatsappCloudBody, WhatsappCloudSettings } from "@atendo/shared";
import { AppError } from "../../http/errors.js";
import type { Secrets } from "../../secrets/secrets.js";
import type { WhatsappChanges, WhatsappRow } from "./whatsapps.repository.js";

/*
 * The WhatsApp Cloud API's part of a connection (issue 16): Meta's ids, the access token and app
 * secret stored sealed and never answered, and the verify token the product generates.
 */

/** Where Meta posts a connection's events; a path when PUBLIC_URL is unset (the web client adds its origin). */
export function cloudWebhookUrl(publicUrl: string | undefined, whatsappId: number): string {
  return `${(publicUrl ?? "").replace(/\/+$/, "")}/cloud/webhook/${whatsappId}`;
}

/** The columns a create or update writes: secrets sealed, left out or empty ones kept as stored. */
export function cloudChanges(
  secrets: Pick<Secrets, "seal">,
  body: WhatsappCloudBody | undefined,
  existing?: Pick<WhatsappRow, "cloudVerifyToken">,
): WhatsappChanges {
  const changes: WhatsappChanges = {};
  if (body) {
    changes.cloudPhoneNumberId = body.phoneNumberId;
    changes.cloudBusinessAccountId = body.businessAccountId;
    if (body.accessToken) changes.cloudAccessToken = secrets.seal(body.accessToken);
    if (body.appSecret) changes.cloudAppSecret = secrets.seal(body.appSecret);
  }
  if (!existing?.cloudVerifyToken) changes.cloudVerifyToken = randomBytes(24).toString("base64url");
  return changes;
}

/** A `cloud` connection needs all four: the ids, the token to call Meta and the secret to check its calls. */
export function assertCloudComplete(
  provider: ConnectionProvider,
  values: Pick<WhatsappRow, "cloudPhoneNumberId" | "cloudBusinessAccountId" | "cloudAccessToken" | "cloudAppSecret">,
): void {
  if (provider !== "cloud") return;
  const missing = [
    ["phoneNumberId", values.cloudPhoneNumberId],
    ["businessAccountId", values.cloudBusinessAccountId],
    ["accessToken", values.cloudAccessToken],
    ["appSecret", values.cloudAppSecret],
  ].filter(([, value]) => !value);
  if (missing.length) {
    throw new AppError("ERR_VALIDATION", {
      fields: missing.map(([field]) => ({ path: `body.cloud.${field}`, message: "required" })),
    });
  }
}

export function cloudSettings(publicUrl: string | undefined, row: WhatsappRow): WhatsappCloudSettings {
  return {
    phoneNumberId: row.cloudPhoneNumberId ?? "",
    businessAccountId: row.cloudBusinessAccountId ?? "",
    webhookUrl: cloudWebhookUrl(publicUrl, row.id),
    verifyToken: row.cloudVerifyToken ?? "",
    hasAccessToken: Boolean(row.cloudAccessToken),
    hasAppSecret: Boolean(row.cloudAppSecret),
    statusReason: row.statusReason,
  };
}
