import type { Role } from "@treiber/contract";
import type { Session } from "./session-types";

export const ADMINISTRATOR_ROLES: readonly Role[] = ["SuperAdmin", "Admin"];

export function hasRole(session: Session | null, role: Role): boolean {
  return session?.roles.includes(role) ?? false;
}

export function hasAnyRole(roles: readonly Role[], allowed: readonly Role[]): boolean {
  return roles.some((role) => allowed.includes(role));
}

/** SuperAdmin or Admin count as administrator (spec §6). */
export function isAdministrator(roles: readonly Role[]): boolean {
  return hasAnyRole(roles, ADMINISTRATOR_ROLES);
}
