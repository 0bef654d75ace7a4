import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks' secret prefix: `whsec_` + base64 of the key. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

/**
 * The headers of one attempt, as the Standard Webhooks specification signs it: `webhook-id` (the
 * message id, the same on every retry and replay), `webhook-timestamp` (seconds, this attempt's)
 * and `webhook-signature`: `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}` keyed
 * with the base64-decoded secret after `whsec_`.
 */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest("base64");
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": `v1,${signature}`,
  };
}
