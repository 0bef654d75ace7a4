import { updateSession } from "./session-store";

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
