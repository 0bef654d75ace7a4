/** What to do when the session cannot be renewed; the app wires it to router navigation. */
let handler: () => void = () => {
  window.location.assign("/login");
};

export function setSessionExpiredHandler(next: () => void): void {
  handler = next;
}

export function handleSessionExpired(): void {
  handler();
}
