import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema.js";
import { createAccountRights } from "../../src/modules/accounts/account-rights.js";
import { setUserStatus } from "../../src/modules/accounts/user-status.js";
import { createSuperAdmin } from "../../src/modules/auth/create-super-admin.js";
import { createMemoryBus } from "../../src/realtime/realtime-bus.js";
import { openIsolatedDatabase } from "../helpers/isolated-database.js";

describe("setUserStatus", () => {
  it("never deactivates the last active SuperAdmin", async () => {
    const database = await openIsolatedDatabase();
    try {
      const { db } = database;
      const rights = createAccountRights({ db, bus: createMemoryBus() });
      await createSuperAdmin(db, { email: "unico@treiber.app", password: "Unico12345" });
      const [only] = await db.select().from(users).where(eq(users.email, "unico@treiber.app"));
      if (!only) throw new Error("no SuperAdmin");
      // A caller whose own account was deactivated meanwhile (its access token is still valid).
      const caller = { id: 2_000_000_000, role: "SuperAdmin" as const };
      await expect(setUserStatus(db, rights, caller, only.id, "inactive")).rejects.toMatchObject({
        statusCode: 409,
        message: "No se puede desactivar al último SuperAdmin activo",
      });
      await createSuperAdmin(db, { email: "segundo@treiber.app", password: "Segundo123" });
      await setUserStatus(db, rights, caller, only.id, "inactive");
      const [row] = await db.select().from(users).where(eq(users.id, only.id));
      expect(row?.status).toBe("inactive");
    } finally {
      await database.dispose();
    }
  });
});
