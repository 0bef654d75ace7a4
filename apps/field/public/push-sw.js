/*
 * «Avisos de mi bus» (issue 25): imported by the Workbox service worker (vite.config.ts,
 * `importScripts`). A Web Push carries a RiderAlert (JSON): shown as a notification; a tap opens
 * Mi bus (an open Treiber App window is focused and taken there).
 */
const MY_BUS_URL = "/app/bus";

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = {};
  }
  const title = typeof alert.text === "string" ? alert.text : "Treiber App";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.routeName === "string" ? alert.routeName : "",
      lang: "es",
      icon: "/app/icons/icon-192.png",
      badge: "/app/icons/icon-192.png",
      tag: `treiber-bus-${alert.intermediateRouteId ?? ""}-${alert.kind ?? ""}`,
      data: { url: MY_BUS_URL },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? MY_BUS_URL, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/app"));
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
