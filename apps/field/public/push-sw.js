/*
 * «Avisos de mi bus» (issue 25): imported by the Workbox service worker (vite.config.ts,
 * `importScripts`). A Web Push carries a RiderAlert (JSON): shown as a notification; a tap opens
 * Mi bus (an open Treiber App window is focused and taken there). A notice of the user's own
 * (issue 33, `kind` "NOTICE": «Tu ruta cambió: …») shows its title and message; a tap opens «Avisos».
 * Safety (issue 38): `kind` "SAFE_ARRIVAL" asks «¿Llegó bien?» with a «Sí» action that answers
 * `POST /api/v1/SafeArrival/answer` with the push's one-time token (no session here); `kind` "SOS"
 * (an admin's phone) says who raised it, and a tap opens the back office's control room ("/").
 */
const MY_BUS_URL = "/app/bus";
const NOTICES_URL = "/app/avisos";
const APP_URL = "/app/";
const CONTROL_ROOM_URL = "/";
const SAFE_ARRIVAL_ANSWER_PATH = "/api/v1/SafeArrival/answer";
const SAFE_ARRIVAL_QUESTION = "¿Llegó bien?";
const ARRIVED_TEXT = "Gracias, registramos que llegó bien";

const text = (value, fallback) => (typeof value === "string" && value ? value : fallback);

/** What the phone shows for a push: a notice, a safety push, or an alert about the rider's bus. */
function notificationOf(payload) {
  const common = { lang: "es", icon: "/app/icons/icon-192.png", badge: "/app/icons/icon-192.png" };
  if (payload.kind === "NOTICE") {
    return {
      title: text(payload.title, "Treiber App"),
      options: {
        ...common,
        body: text(payload.message, ""),
        tag: `treiber-aviso-${payload.at ?? ""}`,
        data: { url: NOTICES_URL },
      },
    };
  }
  if (payload.kind === "SAFE_ARRIVAL") {
    return {
      title: text(payload.title, SAFE_ARRIVAL_QUESTION),
      options: {
        ...common,
        body: text(payload.message, ""),
        tag: `treiber-llegada-${payload.checkId ?? ""}`,
        requireInteraction: true,
        actions: [{ action: "yes", title: "Sí" }],
        data: { url: APP_URL, kind: "SAFE_ARRIVAL", token: text(payload.token, "") },
      },
    };
  }
  if (payload.kind === "SOS") {
    return {
      title: text(payload.title, "SOS"),
      options: {
        ...common,
        body: text(payload.message, ""),
        tag: `treiber-sos-${payload.incidentId ?? ""}`,
        requireInteraction: true,
        renotify: true,
        vibrate: [400, 200, 400, 200, 400],
        data: { url: CONTROL_ROOM_URL, kind: "SOS" },
      },
    };
  }
  return {
    title: text(payload.text, "Treiber App"),
    options: {
      ...common,
      body: text(payload.routeName, ""),
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

/** Opens `url`: a window of the same app (Treiber App under /app, else the back office) is reused. */
function openWindow(url) {
  const target = new URL(url, self.location.origin);
  const inApp = target.pathname.startsWith("/app");
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).pathname.startsWith("/app") === inApp);
    if (open) return open.navigate(target.href).then((client) => (client ?? open).focus());
    return self.clients.openWindow(target.href);
  });
}

/** «Sí» from the notification: answered with the one-time token; on failure the app opens to answer. */
function answerArrived(token) {
  return fetch(SAFE_ARRIVAL_ANSWER_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
    credentials: "omit",
  })
    .then((response) => {
      if (!response.ok) throw new Error("answer");
      return self.registration.showNotification("Treiber App", {
        lang: "es",
        icon: "/app/icons/icon-192.png",
        body: ARRIVED_TEXT,
        tag: "treiber-llegada-gracias",
      });
    })
    .catch(() => openWindow(APP_URL));
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  if (data.kind === "SAFE_ARRIVAL" && event.action === "yes" && data.token) {
    event.waitUntil(answerArrived(data.token));
    return;
  }
  event.waitUntil(openWindow(data.url ?? MY_BUS_URL));
});
