import type { Role } from "@treiber/contract";

/** The signed-in caller as the access token names it: user id and role. */
export type AuthUser = { id: number; role: Role };
