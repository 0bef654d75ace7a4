import type { Role } from "@treiber/contract";
import type { AuthUser } from "../../lib/auth-user.js";

/** Accounts only a SuperAdmin acts on: its peers and the Admins (decision 0022). */
export const PEER_ROLES: readonly Role[] = ["SuperAdmin", "Admin"];

/**
 * Admins manage collaborators, drivers and themselves; only a SuperAdmin acts on another Admin or
 * SuperAdmin (password, status, role, data).
 */
export const mayManage = (caller: AuthUser, target: { id: number; role: string }) =>
  caller.role === "SuperAdmin" || caller.id === target.id || !PEER_ROLES.includes(target.role as Role);

/** The refusal when an Admin edits another Admin or a SuperAdmin (data, QR, photo, home location). */
export const PEER_EDIT_MESSAGE = "Solo un SuperAdmin puede editar a un Admin o SuperAdmin";
