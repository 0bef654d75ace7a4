import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { lockActiveSuperAdmins, lockUser, revokeUserTokens, updateUserStatus } from "./account-repository.js";
import type { AccountRights } from "./account-rights.js";
import { mayManage } from "./peer-policy.js";

export type Status = "active" | "inactive";

/**
 * Sets a user's status (which is also its employee's or driver's status). Deactivating revokes the
 * user's refresh tokens in the same transaction, then its access tokens and hub connections stop
 * working at once (`rights.changed`). Nobody deactivates themselves or the last active
 * SuperAdmin; only a SuperAdmin changes an Admin's or a SuperAdmin's status.
 */
export async function setUserStatus(
  db: Db,
  rights: AccountRights,
  caller: AuthUser,
  userId: number,
  status: Status,
) {
  await db.transaction(async (tx) => {
    const superAdmins = await lockActiveSuperAdmins(tx);
    const user = await lockUser(tx, userId);
    if (!user) throw notFound("Usuario no encontrado");
    if (user.role === "SuperAdmin" && caller.role !== "SuperAdmin") {
      throw forbidden("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");
    }
    if (!mayManage(caller, user)) {
      throw forbidden("Solo un SuperAdmin puede cambiar el estado de un Admin");
    }
    if (status === "inactive") {
      if (user.id === caller.id) {
        throw conflict("No puede desactivar su propio usuario", {
          status: "No puede desactivar su propio usuario",
        });
      }
      if (user.role === "SuperAdmin" && user.status === "active" && superAdmins.length <= 1) {
        throw conflict("No se puede desactivar al último SuperAdmin activo", {
          status: "Último SuperAdmin activo",
        });
      }
    }
    await updateUserStatus(tx, userId, status);
    if (status === "inactive") await revokeUserTokens(tx, userId);
  });
  await rights.changed(userId);
}
