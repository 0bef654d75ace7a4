import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type ConnectionGrant = { connectionId: string; userId: number };

/**
 * Self-validating connection tokens (HMAC over connection id, user id and expiry) so negotiate and
 * the WebSocket may reach different instances. Each token opens one socket on this instance.
 */
export function createConnectionTokens(secret: string, ttlMs: number, now: () => number = Date.now) {
  const key = createHmac("sha256", secret).update("treiber-hub-connection").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  const used = new Map<string, number>();

  return {
    issue(userId: number): { connectionId: string; connectionToken: string } {
      const connectionId = randomBytes(16).toString("base64url");
      const payload = `${connectionId}.${userId}.${now() + ttlMs}`;
      return { connectionId, connectionToken: `${payload}.${sign(payload)}` };
    },
    /** `invalid` for a forged, malformed or expired token; `used` for the second socket. */
    redeem(token: string): ConnectionGrant | "invalid" | "used" {
      const parts = token.split(".");
      if (parts.length !== 4 || token.length > 200) return "invalid";
      const [connectionId = "", userText = "", expiresText = "", signature = ""] = parts;
      const expected = Buffer.from(sign(`${connectionId}.${userText}.${expiresText}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      const expires = Number(expiresText);
      const userId = Number(userText);
      const at = now();
      if (!Number.isFinite(expires) || expires < at || !Number.isInteger(userId)) return "invalid";
      for (const [id, until] of used) if (until < at) used.delete(id);
      if (used.has(connectionId)) return "used";
      used.set(connectionId, expires);
      return { connectionId, userId };
    },
  };
}
