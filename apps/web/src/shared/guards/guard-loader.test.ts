import { describe, expect, it } from "vitest";
import { signIn } from "../session/session-store";
import { guardLoader } from "./guard-loader";
import { authGuard, superAndAdminGuard } from "./guards";

const user = { name: "Pedro", lastname: "Gómez", jobTitle: null, image: null };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe("guardLoader", () => {
  const loader = guardLoader(authGuard, superAndAdminGuard);

  it("redirects to /login without a session", () => {
    const error = thrown(loader);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("Location")).toBe("/login");
  });

  it("redirects a Driver to /profile and lets an Admin in", () => {
    signIn({ token: "t", refreshToken: "r", roles: ["Driver"], userId: 2, mustChangePassword: false, user });
    expect((thrown(loader) as Response).headers.get("Location")).toBe("/profile");
    signIn({ token: "t", refreshToken: "r", roles: ["Admin"], userId: 1, mustChangePassword: false, user });
    expect(loader()).toBeNull();
  });
});
