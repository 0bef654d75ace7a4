import { describe, expect, it, vi } from "vitest";
import { getSession, resetSession, signIn, subscribeSession, updateSession } from "./session-store";

const response = {
  token: "t",
  refreshToken: "r",
  roles: ["Admin" as const],
  userId: 4,
  mustChangePassword: true,
  user: { name: "Ana", lastname: "Pérez", jobTitle: "Gerente", image: null },
};

describe("session store", () => {
  it("persists the session as JSON under the key 'Treiber'", () => {
    signIn(response);
    expect(JSON.parse(window.localStorage.getItem("Treiber") ?? "null")).toEqual(response);
    expect(getSession()).toEqual(response);
    expect(getSession()).toBe(getSession());
  });

  it("updates, notifies subscribers and resets", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    signIn(response);
    updateSession({ mustChangePassword: false });
    expect(getSession()?.mustChangePassword).toBe(false);
    resetSession();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem("Treiber")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it("ignores corrupt or token-less data", () => {
    window.localStorage.setItem("Treiber", "{not json");
    expect(getSession()).toBeNull();
    window.localStorage.setItem("Treiber", JSON.stringify({ roles: ["Admin"] }));
    expect(getSession()).toBeNull();
  });
});
