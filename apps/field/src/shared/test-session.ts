import { sessionStore } from "./session";

/** Tests: a signed-in driver on this device (the outbox sends only the signed-in user's actions). */
export function signInTestUser(userId = 7): void {
  sessionStore.saveSession({
    token: "token",
    refreshToken: "refresh",
    roles: ["Driver"],
    userId,
    user: { name: "Chofer", lastname: "Demo", jobTitle: null, image: null },
    mustChangePassword: false,
  });
}
