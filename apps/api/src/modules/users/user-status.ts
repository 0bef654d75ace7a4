import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { refreshTokens, users } from "../../db/schema.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import type { AuthUser } from "../auth/auth-user.js";

export type Status = "active" | "inactive";

/**
 * Sets a user's status (which is also its employee's or driver's status). Deactivating revokes the
 * user's refresh tokens in the same transaction. Nobody deactivates themselves or the last active
 * SuperAdmin; only a SuperAdmin changes a SuperAdmin's status.
 */
export async function setUserStatus(db: Db, caller: AuthUser, userId: number, status: Status) {
  await db.transaction(async (tx) => {
    const superAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "SuperAdmin"), eq(users.status, "active")))
      .for("update");
    const [user] = await tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for("update");
    if (!user) throw notFound("Usuario no encontrado");
    if (user.role === "SuperAdmin" && caller.role !== "SuperAdmin") {
      throw forbidden("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");
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
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    if (status === "inactive") {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    }
  });
}
