import type { Session } from "@treiber/client";
import { hasRole } from "@treiber/client";
import { isSupplierUser } from "../session/portal-role";

/**
 * A supplier's user's home (issue 37, decision 0079): «Cumplimiento», what of theirs expires and
 * whom it keeps off the road. Every page they may not see sends them here.
 */
export const SUPPLIER_HOME = "/compliance";

/** A guard answers where to send the user instead, or null to let them in (spec §6). */
export type Guard = (session: Session | null) => string | null;

/** signedIn: no token goes to /login (the /changePassword page itself). */
export const signedInGuard: Guard = (session) => (session?.token ? null : "/login");

/**
 * auth: no token goes to /login; a session still to change its temporary password goes to
 * /changePassword, whatever URL was typed, until the change clears the flag.
 */
export const authGuard: Guard = (session) => {
  if (!session?.token) return "/login";
  return session.mustChangePassword ? "/changePassword" : null;
};

/** guest (login page): logged-in Driver goes to /profile, Collaborator to /codeQr, anyone else to /. */
export const guestGuard: Guard = (session) => {
  if (!session?.token) return null;
  if (hasRole(session, "Driver")) return "/profile";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  if (isSupplierUser(session)) return SUPPLIER_HOME;
  return "/";
};

/** admin: a user without Admin who is Collaborator goes to /codeQr, or Driver to /profile. */
export const adminGuard: Guard = (session) => {
  if (!session || hasRole(session, "Admin")) return null;
  if (hasRole(session, "Collaborator")) return "/codeQr";
  if (hasRole(session, "Driver")) return "/profile";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/** collaborator: a Driver who is not a Collaborator goes to /profile, a supplier's user home. */
export const collaboratorGuard: Guard = (session) => {
  if (!session || hasRole(session, "Collaborator")) return null;
  if (hasRole(session, "Driver")) return "/profile";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/** driver: a non-Driver who is SuperAdmin or Admin goes to /, or a Collaborator to /codeQr. */
export const driverGuard: Guard = (session) => {
  if (!session || hasRole(session, "Driver")) return null;
  if (hasRole(session, "SuperAdmin") || hasRole(session, "Admin")) return "/";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/** driverAdmin: a Collaborator goes to /codeQr, a supplier's user home. */
export const driverAdminGuard: Guard = (session) => {
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/** superAdmin: a non-SuperAdmin Driver goes to /profile, Collaborator to /codeQr, a supplier's user home. */
export const superAdminGuard: Guard = (session) => {
  if (!session || hasRole(session, "SuperAdmin")) return null;
  if (hasRole(session, "Driver")) return "/profile";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/**
 * superAdminOnly (issue 39's «Integraciones»): an Admin who is not SuperAdmin goes to the
 * dashboard; anyone else as `superAdminGuard`.
 */
export const superAdminOnlyGuard: Guard = (session) => {
  if (session && !hasRole(session, "SuperAdmin") && hasRole(session, "Admin")) return "/";
  return superAdminGuard(session);
};

/**
 * superAndAdmin: a user neither SuperAdmin nor Admin goes to /profile if Driver, /codeQr if
 * Collaborator, or a supplier's user to their home.
 */
export const superAndAdminGuard: Guard = (session) => {
  if (!session || hasRole(session, "SuperAdmin") || hasRole(session, "Admin")) return null;
  if (hasRole(session, "Driver")) return "/profile";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return isSupplierUser(session) ? SUPPLIER_HOME : null;
};

/**
 * supplierPortal (issue 37): the pages of the supplier portal, for SuperAdmin, Admin and a
 * supplier's user; a Driver goes to /profile, a Collaborator to /codeQr.
 */
export const supplierPortalGuard: Guard = (session) =>
  isSupplierUser(session) ? null : superAndAdminGuard(session);

/** First redirect demanded by the guards, in order. */
export function resolveGuards(session: Session | null, guards: readonly Guard[]): string | null {
  for (const guard of guards) {
    const target = guard(session);
    if (target) return target;
  }
  return null;
}

/** Where a user lands after signing in: a forced password change first, then the guest rule. */
export function landingPath(session: Session): string {
  if (session.mustChangePassword) return "/changePassword";
  return guestGuard(session) ?? "/";
}
