import { createSecretKey, randomBytes } from "node:crypto";
import { ROLES, type Role } from "@treiber/contract";
import { jwtVerify, SignJWT } from "jose";
import type { AuthUser, SessionUser } from "../../lib/auth-user.js";
import { DAY_MS } from "../../lib/caller-time.js";
import { sha256Hex } from "../../lib/sha256-hex.js";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
const ISSUER = "treiber";
const AUDIENCE = "treiber-api";

export type TokenService = ReturnType<typeof createTokenService>;

/** Verified tokens remembered (per process) so a client's next calls skip the HMAC and claim checks. */
const VERIFIED_CACHE_SIZE = 10_000;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * HS256 access tokens (15 min) and opaque refresh tokens (stored only as SHA-256 hashes). An access
 * token names its user, role and session (`sid`: the refresh-token family it was issued for), so
 * the access hook can refuse it as soon as that session ends (decision 0023).
 */
export function createTokenService(secret: string, now: () => number = Date.now) {
  // Imported once: jose would otherwise import the raw secret on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  // token -> its user and expiry (ms). Keyed by the whole signed string, so only a byte-identical
  // token hits; expiry is still checked on every hit. Oldest entries leave first when full.
  const verified = new Map<string, SessionUser>();
  return {
    /** `mcp`: signed in with a temporary password still to be changed (password-change gate). */
    async signAccessToken(
      user: AuthUser & { mustChangePassword?: boolean },
      sessionId: string,
    ): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ role: user.role, sid: sessionId, ...(user.mustChangePassword && { mcp: true }) })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The user and session a valid, unexpired token names; undefined for anything else. */
    async verifyAccessToken(token: string): Promise<SessionUser | undefined> {
      if (token.length > 2048) return undefined;
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > now()) return hit;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
        });
        const id = Number(payload.sub);
        const role = payload.role as Role;
        const sessionId = payload.sid;
        if (!Number.isInteger(id) || id <= 0 || !ROLES.includes(role)) return undefined;
        if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId) || !payload.exp) return undefined;
        const user: SessionUser = { id, role, sessionId, expiresAt: payload.exp * 1000 };
        if (payload.mcp === true) user.mustChangePassword = true;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, user);
        return user;
      } catch {
        return undefined;
      }
    },
    newRefreshToken(): { token: string; hash: string } {
      const token = randomBytes(32).toString("base64url");
      return { token, hash: hashToken(token) };
    },
  };
}

export const hashToken = sha256Hex;
