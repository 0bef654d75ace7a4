import { hasRole, type Session } from "@treiber/client";
import type { Role } from "@treiber/contract";
import { ROLE_LABELS } from "../../shared/lib/role-labels";

/** Accounts only a SuperAdmin acts on: its peers and the Admins (as the API, decision 0022). */
const PEER_ROLES: readonly Role[] = ["SuperAdmin", "Admin"];

/** What the signed-in user may do to one account in a list; a reason says why not. */
export interface AccountPermissions {
  /** Why the status cannot be changed (the row shows the tag), or undefined. */
  statusLocked: string | undefined;
  /** Why the role cannot be changed (the row shows the tag), or undefined. */
  roleLocked: string | undefined;
  /** Why "Regenerar contraseña" is disabled, or undefined. */
  passwordLocked: string | undefined;
}

/**
 * The account actions the session user may take on `target`, mirroring what the API allows: only
 * a SuperAdmin acts on an Admin or a SuperAdmin; nobody deactivates or re-roles themselves.
 */
export function accountPermissions(
  session: Session | null,
  target: { userId: number; role: Role },
): AccountPermissions {
  const self = session?.userId === target.userId;
  const peerOnly =
    !self && !hasRole(session, "SuperAdmin") && PEER_ROLES.includes(target.role)
      ? ROLE_LABELS[target.role].toLowerCase()
      : undefined;
  return {
    statusLocked: self
      ? "No puede cambiar el estado de su propio usuario"
      : peerOnly && `Solo un Super administrador puede cambiar el estado de un ${peerOnly}`,
    roleLocked: self
      ? "No puede cambiar su propio rol"
      : peerOnly && `Solo un Super administrador puede cambiar el rol de un ${peerOnly}`,
    passwordLocked: peerOnly && `Solo un Super administrador puede regenerar la contraseña de un ${peerOnly}`,
  };
}
