import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@treiber/contract";
import { isAxiosError } from "axios";
import { updateSession } from "./session-store";

/** Whether an API error is the server refusing a session until it changes its temporary password. */
export function isPasswordChangeRequired(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 403) return false;
  const data = error.response.data as { message?: unknown } | undefined;
  return data?.message === PASSWORD_CHANGE_REQUIRED_MESSAGE;
}

/** Where to go then; the app wires it to router navigation. */
let handler: () => void = () => {
  window.location.assign("/changePassword");
};

export function setPasswordChangeRequiredHandler(next: () => void): void {
  handler = next;
}

/** The session learns the change is pending (so every guard sends to /changePassword) and goes there. */
export function handlePasswordChangeRequired(): void {
  updateSession({ mustChangePassword: true });
  handler();
}
