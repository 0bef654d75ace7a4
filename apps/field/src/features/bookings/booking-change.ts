import { formatClock } from "@treiber/client/format";
import {
  type BookingConfirmResponse,
  type MyBookingItem,
  REQUEST_SEAT_LABEL,
  WILL_RIDE_LABEL,
  WONT_RIDE_LABEL,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { shortDay } from "../../shared/local-dates";
import type { FieldAction, RejectedAction } from "../../shared/outbox/field-action";
import { QUEUED_MESSAGE } from "../../shared/outbox/send-field-action";

/**
 * A rider's change of a booking (issue 35): «No viajaré» (`cancel`), «Sí viajaré» on their own route
 * or «Pedir asiento» on another (`confirm`). It goes through the outbox like the driver's actions:
 * offline it waits on the phone with the phone's time (`requestedAt`) and the server decides by its
 * own clock when it arrives (decision 0064), so a change may still be refused after the cut-off.
 */
export type BookingChangeKind = "cancel" | "confirm";
export type BookingChange = {
  kind: BookingChangeKind;
  routeId: number;
  date: string;
  routeName: string;
  /** A seat asked on a route that is not the rider's own. */
  seat: boolean;
};

/** A change waiting on the phone (or refused), as the screen names it. */
export type KeptChange = {
  id: string;
  kind: BookingChangeKind;
  routeId: number;
  date: string;
  /** «“No viajaré” del lunes 30/11 (Naco 1)», as named when it was asked. */
  name: string;
  /** The phone's time of the tap (ISO), null when unknown. */
  requestedAt: string | null;
};

const PATHS: Record<BookingChangeKind, string> = {
  cancel: clientPath(API.booking.cancel),
  confirm: clientPath(API.booking.confirm),
};

/** «No viajaré», «Sí viajaré» or «Pedir asiento». */
export function changeLabel(change: Pick<BookingChange, "kind" | "seat">): string {
  if (change.kind === "cancel") return WONT_RIDE_LABEL;
  return change.seat ? REQUEST_SEAT_LABEL : WILL_RIDE_LABEL;
}

/** «“No viajaré” del lunes 30/11 (Naco 1)». */
export const changeName = (change: BookingChange) =>
  `«${changeLabel(change)}» del ${shortDay(change.date)} (${change.routeName})`;

/** The field action of a change, with the phone's time of the tap; the outbox adds its actionId. */
export function bookingChangeAction(change: BookingChange, now = new Date()): FieldAction {
  return {
    method: "PUT",
    path: PATHS[change.kind],
    body: { routeId: change.routeId, date: change.date, requestedAt: now.toISOString() },
    // Its name, to show it while it waits and to say which change a refusal is about.
    local: { label: changeName(change) },
  };
}

type StoredAction = Pick<RejectedAction, "id" | "path" | "body" | "local">;

/** The booking change an outbox action carries, or null for any other action. */
export function keptChangeOf(action: StoredAction): KeptChange | null {
  const kind = (Object.keys(PATHS) as BookingChangeKind[]).find((key) => PATHS[key] === action.path);
  const { routeId, date, requestedAt } = action.body;
  if (!kind || typeof routeId !== "number" || typeof date !== "string") return null;
  const fallback = `«${kind === "cancel" ? WONT_RIDE_LABEL : WILL_RIDE_LABEL}» del ${shortDay(date)}`;
  return {
    id: action.id,
    kind,
    routeId,
    date,
    name: action.local?.label ?? fallback,
    requestedAt: typeof requestedAt === "string" ? requestedAt : null,
  };
}

/** What the screen says once the server took the change. */
export function sentMessage(change: BookingChange, answer: Partial<BookingConfirmResponse>): string {
  const day = shortDay(change.date);
  if (change.kind === "cancel") return `Listo: no viajará el ${day} en ${change.routeName}.`;
  if (answer.status === "WAITLISTED") {
    const place = answer.waitlistPosition ? ` (n.º ${answer.waitlistPosition})` : "";
    return `En espera de asiento en ${change.routeName} el ${day}${place}: se le avisará si se libera uno.`;
  }
  return `Listo: tiene asiento en ${change.routeName} el ${day}.`;
}

/** What the screen says when the change stays on the phone: it is not done yet. */
export const queuedMessage = (change: BookingChange) =>
  `${changeName(change)}: ${QUEUED_MESSAGE}. Si llega después del plazo, no se aplicará.`;

/**
 * A refusal said plainly: which change and the server's message, and for a change that waited on the
 * phone when it was asked (unless the server's message already says so).
 */
export function refusalMessage(change: KeptChange, message: string, offline: boolean): string {
  const head = `No se aplicó ${change.name}: ${message}`;
  if (!offline || !change.requestedAt || message.includes("sin conexión")) return head;
  // «… a las 3:50 a. m.»: the clock ends the sentence.
  return `${head}. Lo pidió sin conexión a las ${formatClock(change.requestedAt)}`;
}

/** A booking of «Mis viajes» with the change of it waiting on the phone, if any. */
export type ShownBooking = MyBookingItem & { pending: KeptChange | null };

/** One day of «Mis viajes»: its bookings, then the seats asked for it that wait on the phone. */
export type ShownDay = { date: string; bookings: ShownBooking[]; requests: KeptChange[] };

const keyOf = (item: { routeId: number; date: string }) => `${item.routeId}:${item.date}`;

/**
 * The server's list with the changes still waiting on the phone: a booking keeps the server's status
 * (nothing is pretended) and carries its last waiting change; a waiting seat request for a route not
 * on the list shows on its day. Grouped by date, in order.
 */
export function showBookings(list: readonly MyBookingItem[], queued: readonly StoredAction[]): ShownDay[] {
  const waiting = new Map<string, KeptChange>();
  for (const action of queued) {
    const change = keptChangeOf(action);
    if (change) waiting.set(keyOf(change), change);
  }
  const days = new Map<string, ShownDay>();
  const dayOf = (date: string) => {
    const day = days.get(date) ?? { date, bookings: [], requests: [] };
    days.set(date, day);
    return day;
  };
  for (const item of list) {
    dayOf(item.date).bookings.push({ ...item, pending: waiting.get(keyOf(item)) ?? null });
    waiting.delete(keyOf(item));
  }
  for (const change of waiting.values()) dayOf(change.date).requests.push(change);
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The booking changes the server refused after they waited on the phone, oldest first. */
export function refusedChanges(rejected: readonly RejectedAction[]): (KeptChange & { message: string })[] {
  return rejected.flatMap((action) => {
    const change = keptChangeOf(action);
    return change ? [{ ...change, message: action.message }] : [];
  });
}

/**
 * Whether the rider may still change it by the phone's clock `now` (ms): the server allowed it when
 * the list was read (`canChange`) and its cut-off has not passed since. A list kept on the phone, or
 * a screen left open, stops offering changes at the cut-off (the server would refuse them).
 */
export const beforeCutoff = (booking: Pick<MyBookingItem, "canChange" | "cutoffAt">, now: number) =>
  booking.canChange && now < Date.parse(booking.cutoffAt);

/** The button a booking offers at `now`: «No viajaré», «Sí viajaré», or none (past the cut-off, waiting). */
export function offeredChange(booking: ShownBooking, now: number): BookingChangeKind | null {
  if (!beforeCutoff(booking, now) || booking.pending) return null;
  if (booking.status === "CONFIRMED" || booking.status === "WAITLISTED") return "cancel";
  if (booking.status === "CANCELLED") return "confirm";
  return null;
}
