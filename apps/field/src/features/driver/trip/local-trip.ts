import type { TodayRoute, TripDetail, TripRider } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import type { SentAction } from "../../../shared/outbox/create-outbox";
import type { QueuedAction } from "../../../shared/outbox/field-action";

/**
 * A rider as the phone shows it: the server's state plus what waits on the phone (`unsent`). With the
 * day's bookings (issue 35): `noShow` once marked «Ausente» (`unsent` while the mark waits on the
 * phone), `seat` for a rider with a seat asked on this route (not on its roster).
 */
export type ShownRider = TripRider & {
  unsent: boolean;
  codeQrHash: string | null;
  noShow?: "recorded" | "unsent";
  seat?: boolean;
};

/** A trip as the phone shows it: the last server state with the phone's actions applied. */
export type ShownTrip = Omit<TripDetail, "riders"> & {
  riders: ShownRider[];
  /** The End waits on the phone. */
  endUnsent: boolean;
};

/**
 * Which trip actions belong to: its server id, and/or the actionId of the Start queued offline that
 * created it (its actions carry `tripRef` until that Start reaches the server).
 */
export type TripKey = { id: number | null; ref: string | null };

export const ofTrip = (key: TripKey) => (action: QueuedAction) =>
  (key.id !== null && action.body.intermediateRouteId === key.id) ||
  (key.ref !== null && action.tripRef === key.ref);

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The trip the phone shows: `trip` (fetched at `fetchedAt`) with this trip's actions applied in order:
 * those still waiting (marked `unsent`) and those the server took after `fetchedAt` (not in `trip` yet).
 * A boarding marks its rider boarded; an End finishes the trip. `hashes` gives each rider's QR hash.
 */
export function showTrip(
  trip: TripDetail,
  key: TripKey,
  outbox: { actions: QueuedAction[]; recent: SentAction[] },
  fetchedAt: number | null,
  hashes: ReadonlyMap<number, string> = new Map(),
): ShownTrip {
  const mine = ofTrip(key);
  const later = outbox.recent
    .filter((item) => fetchedAt === null || item.sentAt >= fetchedAt)
    .map((item) => ({ action: item.action, unsent: false }));
  const waiting = outbox.actions.map((action) => ({ action, unsent: true }));
  const riders = new Map<number, ShownRider>(
    trip.riders.map((rider) => [
      rider.employeeId,
      { ...rider, unsent: false, codeQrHash: hashes.get(rider.employeeId) ?? null },
    ]),
  );
  const shown: ShownTrip = { ...trip, riders: [], endUnsent: false };
  for (const { action, unsent } of [...later, ...waiting]) {
    if (!mine(action)) continue;
    if (action.path === clientPath(API.intermediateRoute.end)) {
      if (shown.status === "InProgress") {
        shown.status = "Finished";
        shown.endedDate = text(action.body.endedAt) ?? new Date(action.createdAt).toISOString();
      }
      shown.endUnsent ||= unsent;
      continue;
    }
    const manual = action.path === clientPath(API.transportService.manual);
    if (!manual && action.path !== clientPath(API.transportService.scan)) continue;
    const employeeId = manual ? action.body.employeeId : action.local?.employeeId;
    const rider = typeof employeeId === "number" ? riders.get(employeeId) : undefined;
    if (rider?.status !== "Pending") continue;
    riders.set(rider.employeeId, {
      ...rider,
      status: "Boarded",
      scannedDate: text(action.body.scannedAt) ?? new Date(action.createdAt).toISOString(),
      boardingMethod: manual ? "manual" : "qr",
      boardingReason: manual ? text(action.body.reason) : null,
      unsent,
    });
  }
  shown.riders = [...riders.values()];
  return shown;
}

/** The trip a Start queued offline begins, before the server knows it: the route's riders, all pending. */
export function tripOfOfflineStart(route: TodayRoute, start: QueuedAction): TripDetail {
  return {
    id: 0,
    routeId: route.routeId,
    routeNotScheduledId: route.routeNotScheduledId,
    routeName: route.name,
    driverId: 0,
    driverName: "",
    driverLastname: "",
    supplierId: 0,
    supplierName: "",
    status: "InProgress",
    startedDate: text(start.body.startedAt) ?? new Date(start.createdAt).toISOString(),
    endedDate: null,
    cost: 0,
    lastLatitude: null,
    lastLongitude: null,
    lastPositionDate: null,
    amountCollaborators: 0,
    amountCanceled: 0,
    destinationName: route.destinationName,
    destinationLatitude: route.destinationLatitude,
    destinationLongitude: route.destinationLongitude,
    positions: [],
    riders: route.riders.map((rider) => ({
      employeeId: rider.id,
      name: rider.name,
      lastname: rider.lastname,
      codeEmployee: rider.codeEmployee,
      department: null,
      jobTitle: null,
      status: "Pending",
      scannedDate: null,
      canceledDate: null,
      comment: null,
    })),
    comments: [],
  };
}

/** Whether a queued Start is the Start of this row of Hoy. */
export const startsRoute = (
  action: QueuedAction,
  route: Pick<TodayRoute, "routeId" | "routeNotScheduledId">,
) =>
  action.path === clientPath(API.intermediateRoute.start) &&
  ((route.routeId !== null && action.body.routeId === route.routeId) ||
    (route.routeNotScheduledId !== null && action.body.routeNotScheduledId === route.routeNotScheduledId));

/** The row of Hoy a trip runs (by route or not-scheduled route). */
export function routeOfTrip<T extends Pick<TodayRoute, "routeId" | "routeNotScheduledId">>(
  routes: readonly T[] | undefined,
  trip: Pick<TripDetail, "routeId" | "routeNotScheduledId">,
): T | undefined {
  return routes?.find(
    (route) =>
      (trip.routeId !== null && route.routeId === trip.routeId) ||
      (trip.routeNotScheduledId !== null && route.routeNotScheduledId === trip.routeNotScheduledId),
  );
}

/** Each expected rider's QR hash (employee id → hash) from the row of Hoy. */
export function qrHashesOf(route: TodayRoute | undefined): Map<number, string> {
  return new Map((route?.riders ?? []).map((rider) => [rider.id, rider.codeQrHash]));
}
