import type { Role } from "@treiber/contract";

/** Spanish names of the roles. */
export const ROLE_LABELS: Record<Role, string> = {
  SuperAdmin: "Super administrador",
  Admin: "Administrador",
  Collaborator: "Colaborador",
  Driver: "Chofer",
  Supplier: "Suplidor",
};

/** The employee roles the current user may grant: only a SuperAdmin grants SuperAdmin. */
export function grantableRoles(isSuperAdmin: boolean): Role[] {
  return isSuperAdmin ? ["SuperAdmin", "Admin", "Collaborator"] : ["Admin", "Collaborator"];
}
