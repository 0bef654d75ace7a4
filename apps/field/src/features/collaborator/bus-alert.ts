/**
 * Tells the rider something about its bus beyond the on-screen banner: a vibration where the phone
 * has one (`navigator.vibrate`, absent on iOS) and a system notification only when permission was
 * already granted (the app never asks for it here).
 */
export function alertRider(title: string, body: string): void {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // no vibration
  }
  try {
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      new Notification(title, { body, lang: "es", tag: "treiber-mi-bus" });
    }
  } catch {
    // Some browsers only allow notifications from a service worker: the banner is enough.
  }
}
