import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { type AxiosAdapter, AxiosError } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { http } from "../api/http-client";
import { setPasswordChangeRequiredHandler } from "./password-change-required";
import { getSession, resetSession, saveSession } from "./session-store";

const answer =
  (status: number, message: string): AxiosAdapter =>
  async (config) => {
    const response = { data: { message }, status, statusText: "", headers: {}, config };
    throw new AxiosError(message, "ERR_BAD_REQUEST", config, null, response);
  };

function signedIn() {
  saveSession({
    token: "token",
    refreshToken: "refresh",
    roles: ["Admin"],
    userId: 1,
    user: { name: "Ana", lastname: "Pérez", jobTitle: null, image: null },
    mustChangePassword: false,
  });
}

afterEach(() => {
  resetSession();
});

describe("the API's 403 for a pending temporary password", () => {
  it("marks the change pending in the session and sends to /changePassword", async () => {
    signedIn();
    const goToChange = vi.fn();
    setPasswordChangeRequiredHandler(goToChange);
    await expect(
      http.get(clientPath(API.employee.list), { adapter: answer(403, PASSWORD_CHANGE_REQUIRED_MESSAGE) }),
    ).rejects.toThrow();
    expect(goToChange).toHaveBeenCalledOnce();
    expect(getSession()?.mustChangePassword).toBe(true);
  });

  it("leaves any other 403 to the page", async () => {
    signedIn();
    const goToChange = vi.fn();
    setPasswordChangeRequiredHandler(goToChange);
    await expect(
      http.get(clientPath(API.employee.list), { adapter: answer(403, "Acceso denegado") }),
    ).rejects.toThrow();
    expect(goToChange).not.toHaveBeenCalled();
    expect(getSession()?.mustChangePassword).toBe(false);
  });
});
