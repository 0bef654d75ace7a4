import type { Session } from "@treiber/client";
import { hasRole } from "@treiber/client";

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
  return "/";
};

/** admin: a user without Admin who is Collaborator goes to /codeQr, or Driver to /profile. */
export const adminGuard: Guard = (session) => {
  if (!session || hasRole(session, "Admin")) return null;
  if (hasRole(session, "Collaborator")) return "/codeQr";
  if (hasRole(session, "Driver")) return "/profile";
  return null;
};

/** collaborator: a Driver who is not a Collaborator goes to /profile. */
export const collaboratorGuard: Guard = (session) =>
  session && hasRole(session, "Driver") && !hasRole(session, "Collaborator") ? "/profile" : null;

/** driver: a non-Driver who is SuperAdmin or Admin goes to /, or a Collaborator to /codeQr. */
export const driverGuard: Guard = (session) => {
  if (!session || hasRole(session, "Driver")) return null;
  if (hasRole(session, "SuperAdmin") || hasRole(session, "Admin")) return "/";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return null;
};

/** driverAdmin: a Collaborator goes to /codeQr. */
export const driverAdminGuard: Guard = (session) => (hasRole(session, "Collaborator") ? "/codeQr" : null);

/** superAdmin: a non-SuperAdmin Driver goes to /profile, Collaborator to /codeQr. */
export const superAdminGuard: Guard = (session) => {
  if (!session || hasRole(session, "SuperAdmin")) return null;
  if (hasRole(session, "Driver")) return "/profile";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return null;
};

/** superAndAdmin: a user neither SuperAdmin nor Admin goes to /profile if Driver or /codeQr if Collaborator. */
export const superAndAdminGuard: Guard = (session) => {
  if (!session || hasRole(session, "SuperAdmin") || hasRole(session, "Admin")) return null;
  if (hasRole(session, "Driver")) return "/profile";
  if (hasRole(session, "Collaborator")) return "/codeQr";
  return null;
};

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
