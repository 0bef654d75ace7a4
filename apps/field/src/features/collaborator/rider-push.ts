import {
  type MessageResponse,
  type PushSubscriptionRequest,
  RIDER_ALERT_KINDS,
  type RiderAlert,
  riderAlertText,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";

/**
 * Whether this phone can get «Avisos de mi bus» by Web Push: `available` (off or on), `denied` (the
 * rider blocked notifications), `ios-browser` (iPhone/iPad: only from the Home Screen app) or
 * `unsupported` (no service worker, Push API or Notification; plain HTTP).
 */
export type PushAvailability = "available" | "denied" | "ios-browser" | "unsupported";

/** What decides it, read from the browser (tests give their own). */
export type PushEnvironment = {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** `Notification.permission`, or null without the Notification API. */
  permission: NotificationPermission | null;
  isIos: boolean;
  /** Opened from the Home Screen (display-mode standalone, or iOS `navigator.standalone`). */
  standalone: boolean;
};

export function browserPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const userAgent = nav.userAgent ?? "";
  return {
    hasServiceWorker: "serviceWorker" in nav && window.isSecureContext !== false,
    hasPushManager: typeof window !== "undefined" && "PushManager" in window,
    permission: typeof Notification === "undefined" ? null : Notification.permission,
    // iPadOS says "Macintosh" but has touch.
    isIos: /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && nav.maxTouchPoints > 1),
    standalone: nav.standalone === true || window.matchMedia?.("(display-mode: standalone)").matches === true,
  };
}

export function pushAvailability(env: PushEnvironment = browserPushEnvironment()): PushAvailability {
  const supported = env.hasServiceWorker && env.hasPushManager && env.permission !== null;
  if (!supported) return env.isIos && !env.standalone ? "ios-browser" : "unsupported";
  return env.permission === "denied" ? "denied" : "available";
}

/** Why the alerts cannot come by notification: shown with the in-page fallback. */
export const PUSH_UNAVAILABLE_TEXT: Record<Exclude<PushAvailability, "available">, string> = {
  "ios-browser":
    "En iPhone los avisos llegan solo si agrega Treiber App a la pantalla de inicio (Compartir › Agregar a inicio) y la abre desde allí.",
  unsupported: "Este navegador no permite avisos de Treiber App fuera de la aplicación.",
  denied:
    "Las notificaciones de Treiber App están bloqueadas. Permítalas en los ajustes del sitio del navegador para recibir los avisos.",
};
export const IN_PAGE_FALLBACK_TEXT = "Mientras tenga abierta la pantalla Mi bus, los avisos aparecerán aquí.";

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** True when this phone is subscribed and may show notifications. */
export async function riderPushEnabled(): Promise<boolean> {
  if (pushAvailability() !== "available" || Notification.permission !== "granted") return false;
  const subscription = await (await registration()).pushManager.getSubscription();
  return subscription !== null;
}

/**
 * Asks for permission, subscribes with the server's VAPID key and sends the subscription
 * (`POST Push/subscription`). Resolves to the new availability (e.g. `denied` when refused).
 */
export async function enableRiderPush(): Promise<PushAvailability | "enabled"> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "available";
  const { data } = await http.get<{ publicKey: string }>(clientPath(API.push.publicKey));
  const pushManager = (await registration()).pushManager;
  let subscription = await pushManager.getSubscription();
  if (!subscription) {
    subscription = await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(data.publicKey),
    });
  }
  const json = subscription.toJSON();
  const body: PushSubscriptionRequest = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
  try {
    await http.post<MessageResponse>(clientPath(API.push.subscribe), body);
  } catch (error) {
    // The server does not know it: a subscription left on the phone would show «activados» next time.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return "enabled";
}

/** Tells the server (`DELETE Push/subscription`) and drops the phone's subscription. */
export async function disableRiderPush(): Promise<void> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return;
  await http.delete<MessageResponse>(clientPath(API.push.unsubscribe), {
    data: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}

/**
 * The text to show for the hub's `ReceiveRiderAlert` argument (`riderAlertText`, as the push says
 * it), or null when it is not a rider alert.
 */
export function riderAlertTextOf(value: unknown): string | null {
  if (!value || typeof value !== "object") return null;
  const alert = value as Partial<RiderAlert>;
  const kind = RIDER_ALERT_KINDS.find((k) => k === alert.kind);
  if (!kind) return null;
  return riderAlertText(kind, typeof alert.minutes === "number" ? alert.minutes : null);
}
