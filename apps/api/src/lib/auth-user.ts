import type { ApiKeyScope, Role } from "@treiber/contract";

/** The signed-in caller as the access token names it: user id and role. */
export type AuthUser = { id: number; role: Role };

/**
 * The caller of an authenticated request or hub connection: its user, the session (refresh-token
 * family) its access token was issued for, when that token expires (ms since the epoch), and
 * whether a temporary password was still to be changed when it was issued.
 */
export type SessionUser = AuthUser & {
  sessionId: string;
  expiresAt: number;
  mustChangePassword?: boolean;
  /**
   * Set when the caller is a system with an API key (`Authorization: Bearer trb_…`, decision 0083):
   * the key's id and scopes. Such a caller is no user: its `id` is 0 (`NO_USER_ID`), its role
   * `Admin` (an admin's reach, never over admins), and the scopes decide its operations.
   */
  apiKey?: ApiKeyCaller;
};

/** The API key behind a request (the audit records `apiKey.id` instead of a user). */
export type ApiKeyCaller = { id: number; scopes: readonly ApiKeyScope[] };

/** The `id` of a caller that is no user (an API key): no users row has it. */
export const NO_USER_ID = 0;
