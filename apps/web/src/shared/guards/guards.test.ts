import type { Session } from "@treiber/client";
import type { Role } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  adminGuard,
  authGuard,
  collaboratorGuard,
  driverAdminGuard,
  driverGuard,
  guestGuard,
  landingPath,
  resolveGuards,
  signedInGuard,
  superAdminGuard,
  superAdminOnlyGuard,
  superAndAdminGuard,
  supplierPortalGuard,
} from "./guards";

function sessionWith(roles: Role[], extra: Partial<Session> = {}): Session {
  return {
    token: "token",
    refreshToken: "refresh",
    roles,
    userId: 1,
    user: { name: "Ana", lastname: "Pérez", jobTitle: null, image: null },
    mustChangePassword: false,
    ...extra,
  };
}

const superAdmin = sessionWith(["SuperAdmin"]);
const admin = sessionWith(["Admin"]);
const collaborator = sessionWith(["Collaborator"]);
const driver = sessionWith(["Driver"]);
const supplier = sessionWith(["Supplier"]);

describe("guards with no session", () => {
  it("auth sends to /login, the others let through", () => {
    expect(authGuard(null)).toBe("/login");
    for (const guard of [
      guestGuard,
      adminGuard,
      collaboratorGuard,
      driverGuard,
      driverAdminGuard,
      superAdminGuard,
      superAndAdminGuard,
    ]) {
      expect(guard(null)).toBeNull();
    }
  });

  it("auth refuses a session whose token is empty", () => {
    expect(authGuard(sessionWith(["Admin"], { token: "" }))).toBe("/login");
  });
});

// biome-ignore format: keep the guard table readable
describe.each([
  // role, auth, guest, admin, collaborator, driver, driverAdmin, superAdmin, superAndAdmin
  ["SuperAdmin", superAdmin, null, "/", null, null, "/", null, null, null],
  ["Admin", admin, null, "/", null, null, "/", null, null, null],
  ["Collaborator", collaborator, null, "/codeQr", "/codeQr", null, "/codeQr", "/codeQr", "/codeQr", "/codeQr"],
  ["Driver", driver, null, "/profile", "/profile", "/profile", null, null, "/profile", "/profile"],
  ["Supplier", supplier, null, "/compliance", "/compliance", "/compliance", "/compliance", "/compliance", "/compliance", "/compliance"],
] as const)(
  "guards for %s",
  (_role, session, auth, guest, adminTarget, collaboratorTarget, driverTarget, driverAdmin, superAdminTarget, superAndAdmin) => {
    it("auth", () => expect(authGuard(session)).toBe(auth));
    it("guest", () => expect(guestGuard(session)).toBe(guest));
    it("admin", () => expect(adminGuard(session)).toBe(adminTarget));
    it("collaborator", () => expect(collaboratorGuard(session)).toBe(collaboratorTarget));
    it("driver", () => expect(driverGuard(session)).toBe(driverTarget));
    it("driverAdmin", () => expect(driverAdminGuard(session)).toBe(driverAdmin));
    it("superAdmin", () => expect(superAdminGuard(session)).toBe(superAdminTarget));
    it("superAndAdmin", () => expect(superAndAdminGuard(session)).toBe(superAndAdmin));
  },
);

describe("superAdminOnly (issue 39's «Integraciones»)", () => {
  it("lets a SuperAdmin in, sends an Admin to the dashboard and the rest as superAdmin does", () => {
    expect(superAdminOnlyGuard(null)).toBeNull();
    expect(superAdminOnlyGuard(superAdmin)).toBeNull();
    expect(superAdminOnlyGuard(sessionWith(["SuperAdmin", "Admin"]))).toBeNull();
    expect(superAdminOnlyGuard(admin)).toBe("/");
    expect(superAdminOnlyGuard(collaborator)).toBe("/codeQr");
    expect(superAdminOnlyGuard(driver)).toBe("/profile");
    expect(superAdminOnlyGuard(supplier)).toBe("/compliance");
  });
});

describe("mixed roles", () => {
  it("a SuperAdmin without Admin passes the admin guard (not Collaborator nor Driver)", () => {
    expect(adminGuard(superAdmin)).toBeNull();
  });
  it("a Driver who is also a Collaborator passes the collaborator guard", () => {
    expect(collaboratorGuard(sessionWith(["Driver", "Collaborator"]))).toBeNull();
  });
  it("guest sends a Driver+Collaborator to /profile", () => {
    expect(guestGuard(sessionWith(["Driver", "Collaborator"]))).toBe("/profile");
  });
});

describe("resolveGuards and landingPath", () => {
  it("returns the first refusal in order", () => {
    expect(resolveGuards(null, [authGuard, superAndAdminGuard])).toBe("/login");
    expect(resolveGuards(driver, [authGuard, superAndAdminGuard])).toBe("/profile");
    expect(resolveGuards(admin, [authGuard, superAndAdminGuard])).toBeNull();
  });
  it("lands by role, a forced password change first", () => {
    expect(landingPath(admin)).toBe("/");
    expect(landingPath(superAdmin)).toBe("/");
    expect(landingPath(collaborator)).toBe("/codeQr");
    expect(landingPath(driver)).toBe("/profile");
    expect(landingPath(sessionWith(["Admin"], { mustChangePassword: true }))).toBe("/changePassword");
  });
});

describe("a session still to change its temporary password", () => {
  const pending = sessionWith(["Admin"], { mustChangePassword: true });

  it("is sent to /changePassword by every guarded route, whatever URL was typed", () => {
    expect(authGuard(pending)).toBe("/changePassword");
    expect(resolveGuards(pending, [authGuard, superAndAdminGuard])).toBe("/changePassword");
    expect(resolveGuards(sessionWith(["Driver"], { mustChangePassword: true }), [authGuard])).toBe(
      "/changePassword",
    );
  });

  it("may open /changePassword itself (signed in only), and is let in once the flag clears", () => {
    expect(signedInGuard(pending)).toBeNull();
    expect(signedInGuard(null)).toBe("/login");
    expect(authGuard({ ...pending, mustChangePassword: false })).toBeNull();
  });
});

describe("the supplier portal (issue 37, decision 0079)", () => {
  it("lets administrators and a supplier's user in; a Driver goes to /profile, a Collaborator to /codeQr", () => {
    expect(supplierPortalGuard(null)).toBeNull();
    expect(supplierPortalGuard(admin)).toBeNull();
    expect(supplierPortalGuard(superAdmin)).toBeNull();
    expect(supplierPortalGuard(supplier)).toBeNull();
    expect(supplierPortalGuard(driver)).toBe("/profile");
    expect(supplierPortalGuard(collaborator)).toBe("/codeQr");
  });

  it("a supplier's user lands on «Cumplimiento» and is sent there from the admin pages", () => {
    expect(landingPath(supplier)).toBe("/compliance");
    expect(resolveGuards(supplier, [authGuard, superAndAdminGuard])).toBe("/compliance");
    expect(resolveGuards(supplier, [authGuard, supplierPortalGuard])).toBeNull();
  });

  it("an administrator who is also Supplier keeps the administrator's pages", () => {
    const both = sessionWith(["Admin", "Supplier"]);
    expect(superAndAdminGuard(both)).toBeNull();
    expect(landingPath(both)).toBe("/");
  });
});
