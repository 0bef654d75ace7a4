import type { Role } from "@treiber/contract";

/** Where each kind of user lands in Treiber App (paths relative to /app). */
export const HOME_PATHS = {
  driver: "/hoy",
  collaborator: "/qr",
  backOffice: "/oficina",
} as const;

/**
 * A driver gets "Hoy", a collaborator "Mi QR"; administrators (and anyone else) are sent to the
 * back office, which is where their work is.
 */
export function homePathFor(roles: readonly Role[]): string {
  if (roles.includes("Driver")) return HOME_PATHS.driver;
  if (roles.includes("Collaborator")) return HOME_PATHS.collaborator;
  return HOME_PATHS.backOffice;
}
