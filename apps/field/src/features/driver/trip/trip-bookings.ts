import type { BookingManifestResponse, ManifestItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { addDays, localDate } from "../../../shared/local-dates";
import type { SentAction } from "../../../shared/outbox/create-outbox";
import type { QueuedAction } from "../../../shared/outbox/field-action";
import { ofTrip, type ShownRider, type TripKey } from "./local-trip";

/** A rider of the route who said they will not ride that day (folded as «No viaja»). */
export type NotRidingRider = Pick<
  ManifestItem,
  "employeeId" | "name" | "lastname" | "codeEmployee" | "stopName" | "reason"
>;

/** The trip's riders as the driver expects them, and those folded away. */
export type TripBookings = { riders: ShownRider[]; notRiding: NotRidingRider[] };

const MINUTE = 60_000;
/** Whose bookings do not make them expected on the bus. */
const NOT_RIDING = new Set<ManifestItem["status"]>(["CANCELLED", "WAITLISTED"]);

/** The instant of `HH:mm` on a date, on the phone's clock. */
function at(date: string, hhmm: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = hhmm.split(":").map(Number) as [number, number];
  return new Date(year, month - 1, day, hours, minutes).getTime();
}

/**
 * The phone's reading of a trip's service date, only when the server's is not on the phone (no row
 * of Hoy for the trip's route; the row's `serviceDate` is the server's, decision 0064): the day, of
 * the start's and the ones on either side, whose planned start (`HH:mm`, the first stop's or the
 * departure) lies nearest the trip's start, on the phone's clock. Without a planned start, the
 * start's own date.
 */
export function tripServiceDate(
  startedAt: string | null,
  startTime: string | null,
  now = new Date(),
): string {
  const started = startedAt ? new Date(startedAt) : now;
  const day = localDate(started);
  if (!startTime || !/^\d{2}:\d{2}/.test(startTime)) return day;
  const candidates = [addDays(day, -1), day, addDays(day, 1)];
  const gap = (date: string) => Math.abs(at(date, startTime) - started.getTime()) / MINUTE;
  return candidates.reduce((best, date) => (gap(date) < gap(best) ? date : best), day);
}

const isNoShow = (action: QueuedAction) => action.path === clientPath(API.transportService.noShow);

/**
 * The trip's list with the day's bookings (issue 35): a rider still pending whose booking is
 * cancelled (or only waitlisted) leaves the list, folded as «No viaja»; a rider marked absent shows
 * «Ausente» (also while the mark waits on the phone: `unsent`, and when the server took it after
 * `manifestAt`); a rider with a seat asked on this route is expected too. Without a manifest (none
 * kept on the phone, a route without bookings) the list stays as it is.
 */
export function applyBookings(
  riders: readonly ShownRider[],
  manifest: BookingManifestResponse | undefined,
  outbox: { actions: QueuedAction[]; recent: SentAction[] },
  key: TripKey,
  manifestAt: number | null,
): TripBookings {
  const mine = ofTrip(key);
  const marks = new Map<number, "recorded" | "unsent">();
  for (const item of manifest?.list ?? [])
    if (item.status === "NO_SHOW") marks.set(item.employeeId, "recorded");
  for (const { action, sentAt } of outbox.recent) {
    if (isNoShow(action) && mine(action) && (manifestAt === null || sentAt >= manifestAt)) {
      marks.set(action.body.employeeId as number, "recorded");
    }
  }
  for (const action of outbox.actions) {
    if (isNoShow(action) && mine(action) && !marks.has(action.body.employeeId as number)) {
      marks.set(action.body.employeeId as number, "unsent");
    }
  }
  const bookings = new Map((manifest?.list ?? []).map((item) => [item.employeeId, item]));
  const shown: ShownRider[] = [];
  const notRiding: NotRidingRider[] = [];
  for (const rider of riders) {
    const booking = bookings.get(rider.employeeId);
    if (rider.status === "Pending" && booking && NOT_RIDING.has(booking.status)) notRiding.push(booking);
    else
      shown.push(
        rider.status === "Pending" && marks.has(rider.employeeId)
          ? { ...rider, noShow: marks.get(rider.employeeId) }
          : rider,
      );
  }
  const onTrip = new Set(riders.map((rider) => rider.employeeId));
  for (const item of manifest?.list ?? []) {
    if (onTrip.has(item.employeeId) || (item.status !== "CONFIRMED" && item.status !== "NO_SHOW")) continue;
    shown.push({ ...seatRider(item), noShow: marks.get(item.employeeId) });
  }
  return { riders: shown, notRiding };
}

/** A rider confirmed on this route by a seat asked (not on its roster): expected, pending. */
function seatRider(item: ManifestItem): ShownRider {
  return {
    employeeId: item.employeeId,
    name: item.name,
    lastname: item.lastname,
    codeEmployee: item.codeEmployee,
    department: null,
    jobTitle: null,
    status: "Pending",
    scannedDate: null,
    canceledDate: null,
    comment: null,
    unsent: false,
    codeQrHash: null,
    seat: true,
  };
}
