import type { Role } from "@treiber/contract";

/** The signed-in caller as the access token names it: user id and role. */
export type AuthUser = { id: number; role: Role };

/**
 * The caller of an authenticated request or hub connection: its user, the session (refresh-token
 * family) its access token was issued for, when that token expires (ms since the epoch), and
 * whether a temporary password was still to be changed when it was issued.
 */
export type SessionUser = AuthUser & { sessionId: string; expiresAt: number; mustChangePassword?: boolean };
