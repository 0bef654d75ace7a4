import type { Session } from "@treiber/client";
import type { Role } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { accountPermissions } from "./account-permissions";

const session = (userId: number, role: Role): Session =>
  ({ token: "t", refreshToken: "r", roles: [role], userId, mustChangePassword: false }) as unknown as Session;

describe("accountPermissions", () => {
  it("lets a SuperAdmin act on every other account", () => {
    for (const role of ["SuperAdmin", "Admin", "Collaborator", "Driver"] as const) {
      expect(accountPermissions(session(1, "SuperAdmin"), { userId: 2, role })).toEqual({
        statusLocked: undefined,
        roleLocked: undefined,
        passwordLocked: undefined,
      });
    }
  });

  it("keeps an Admin off SuperAdmin and Admin accounts, saying why", () => {
    const superAdminRow = accountPermissions(session(1, "Admin"), { userId: 2, role: "SuperAdmin" });
    expect(superAdminRow.statusLocked).toBe(
      "Solo un Super administrador puede cambiar el estado de un super administrador",
    );
    expect(superAdminRow.passwordLocked).toBe(
      "Solo un Super administrador puede regenerar la contraseña de un super administrador",
    );
    expect(accountPermissions(session(1, "Admin"), { userId: 3, role: "Admin" }).roleLocked).toBe(
      "Solo un Super administrador puede cambiar el rol de un administrador",
    );
    expect(accountPermissions(session(1, "Admin"), { userId: 4, role: "Collaborator" })).toEqual({
      statusLocked: undefined,
      roleLocked: undefined,
      passwordLocked: undefined,
    });
  });

  it("never offers anyone to deactivate or re-role themselves", () => {
    for (const role of ["SuperAdmin", "Admin"] as const) {
      const own = accountPermissions(session(5, role), { userId: 5, role });
      expect(own.statusLocked).toBe("No puede cambiar el estado de su propio usuario");
      expect(own.roleLocked).toBe("No puede cambiar su propio rol");
      expect(own.passwordLocked).toBeUndefined();
    }
  });
});
