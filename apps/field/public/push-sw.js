/*
 * «Avisos de mi bus» (issue 25): imported by the Workbox service worker (vite.config.ts,
 * `importScripts`). A Web Push carries a RiderAlert (JSON): shown as a notification; a tap opens
 * Mi bus (an open Treiber App window is focused and taken there). A notice of the user's own
 * (issue 33, `kind` "NOTICE": «Tu ruta cambió: …») shows its title and message; a tap opens «Avisos».
 */
const MY_BUS_URL = "/app/bus";
const NOTICES_URL = "/app/avisos";

/** What the phone shows for a push: a notice of the user's own, or an alert about their bus. */
function notificationOf(payload) {
  const common = { lang: "es", icon: "/app/icons/icon-192.png", badge: "/app/icons/icon-192.png" };
  if (payload.kind === "NOTICE") {
    return {
      title: typeof payload.title === "string" ? payload.title : "Treiber App",
      options: {
        ...common,
        body: typeof payload.message === "string" ? payload.message : "",
        tag: `treiber-aviso-${payload.at ?? ""}`,
        data: { url: NOTICES_URL },
      },
    };
  }
  return {
    title: typeof payload.text === "string" ? payload.text : "Treiber App",
    options: {
      ...common,
      body: typeof payload.routeName === "string" ? payload.routeName : "",
      tag: `treiber-bus-${payload.intermediateRouteId ?? ""}-${payload.kind ?? ""}`,
      data: { url: MY_BUS_URL },
    },
  };
}

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const { title, options } = notificationOf(payload ?? {});
  event.waitUntil(self.registration.showNotification(title, options));
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
