import type { Role, SessionUser } from "@treiber/contract";

/** What is persisted in localStorage under the key 'Treiber' (spec §3). */
export interface Session {
  token: string;
  refreshToken: string;
  roles: Role[];
  userId: number;
  user: SessionUser;
  mustChangePassword: boolean;
}
