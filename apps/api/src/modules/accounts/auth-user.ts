import type { Role } from "@treiber/contract";

/**
 * The signed-in caller as the access token names it: user id and role; the session (refresh token
 * family) it was issued for, and whether a temporary password was still to be changed then.
 */
export type AuthUser = { id: number; role: Role; sessionId?: string; mustChangePassword?: boolean };
