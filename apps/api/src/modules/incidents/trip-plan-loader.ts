import { INCIDENT_THRESHOLD_DEFAULT_VALUES, incidentThresholdsSchema } from "@treiber/contract";
import type { GeoPoint, IncidentThresholds, TripPlan } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { DAY_MS } from "../../lib/caller-clock.js";
import { CALIBRATION_TTL_MS, createCalibrationCache, planParams } from "../planning/load-calibration.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { thresholdsOf } from "./thresholds-repository.js";
import { recentGoodTrace, type TripForPlan, tripsForPlan } from "./trip-plan-repository.js";
import type { WatchedTrip } from "./trip-watch.js";

/** How far back a finished trip's trace may serve as the planned path, and how many points it needs. */
const TRACE_DAYS = 30;
const TRACE_MIN_POINTS = 10;

/** A watched trip and what its incident rows snapshot (driver, supplier, service day). */
export type LoadedTrip = {
  trip: WatchedTrip;
  status: string;
  startedAt: number;
  driverId: number;
  supplierId: number;
  serviceDay: string;
};

/** A branch office's effective thresholds: the defaults, then what it saved (invalid keys ignored). */
export function mergeThresholds(saved: unknown): IncidentThresholds {
  const parsed = incidentThresholdsSchema.partial().safeParse(saved ?? {});
  return { ...INCIDENT_THRESHOLD_DEFAULT_VALUES, ...(parsed.success ? parsed.data : {}) };
}

type RouteStops = Awaited<ReturnType<typeof stopsOfRoutes>>;
type RouteStop = RouteStops[number];
type PlanStop = TripPlan["stops"][number];

/** When the trip was planned to leave, and the instant its planned `HH:mm` times are read near. */
type TripTiming = {
  startedAt: number;
  direction: TripPlan["direction"];
  departureHhmm: string | null;
  plannedDepartureAt: number | null;
  anchor: number;
};

/**
 * The trip's direction (its shift's) and planned departure: the route's departure time, else its
 * first stop's, else (outbound) the shift's time; the anchor is that departure, else the start.
 */
function tripTiming(row: TripForPlan, own: RouteStop[], time: BranchOfficeTime): TripTiming {
  const startedAt = row.startedAt.getTime();
  const direction = row.shiftDirection === "outbound" ? "outbound" : "inbound";
  const departureHhmm =
    row.departureTime?.slice(0, 5) ??
    own[0]?.plannedTime ??
    (direction === "outbound" && row.shiftTime ? row.shiftTime.slice(0, 5) : null);
  const plannedDepartureAt = departureHhmm ? time.near(departureHhmm, startedAt) : null;
  return { startedAt, direction, departureHhmm, plannedDepartureAt, anchor: plannedDepartureAt ?? startedAt };
}

/** The route's stops in order, their planned `HH:mm` as instants near the anchor. */
function planStopsOf(own: RouteStop[], anchor: number, time: BranchOfficeTime): PlanStop[] {
  return own.map((stop) => ({
    latitude: stop.latitude,
    longitude: stop.longitude,
    plannedAt: time.near(stop.plannedTime, anchor),
    riderIds: stop.employeeIds,
  }));
}

/** The workplace (the route's destination); inbound, due at the shift's time after the last stop. */
function workplaceOf(
  row: TripForPlan,
  timing: TripTiming,
  lastPlanned: number,
  time: BranchOfficeTime,
): TripPlan["workplace"] {
  if (row.workplaceLatitude === null || row.workplaceLongitude === null) return null;
  return {
    latitude: row.workplaceLatitude,
    longitude: row.workplaceLongitude,
    plannedAt:
      timing.direction === "inbound" && row.shiftTime
        ? time.near(row.shiftTime.slice(0, 5), lastPlanned)
        : null,
  };
}

/** The same model as the route's planned times: the shift's override, else its calibration. */
function travelParamsOf(
  row: TripForPlan,
  timing: TripTiming,
  workplace: TripPlan["workplace"],
  calibration: Parameters<typeof planParams>[2],
) {
  return planParams(
    {
      direction: timing.direction,
      time: (row.shiftTime ?? timing.departureHhmm ?? "12:00").slice(0, 5),
      travelSpeedKmh: row.shiftTravelSpeedKmh,
      travelCircuity: row.shiftTravelCircuity,
    },
    workplace ?? { latitude: 0, longitude: 0 },
    calibration,
  );
}

/** The watched trip with its plan and thresholds, and what its incident rows snapshot. */
function loadedTripOf(
  row: TripForPlan,
  parts: {
    own: RouteStop[];
    planStops: PlanStop[];
    plan: TripPlan;
    saved: { values: unknown } | undefined;
    timing: TripTiming;
  },
  time: BranchOfficeTime,
): LoadedTrip {
  const { own, planStops, plan, saved, timing } = parts;
  return {
    trip: {
      intermediateRouteId: row.id,
      routeId: row.routeId ?? 0,
      routeName: row.routeName,
      branchOfficeId: row.branchOfficeId,
      stops: own.map((stop, index) => ({
        name: stop.name,
        plannedAt: planStops[index]?.plannedAt ?? timing.anchor,
        employeeIds: stop.employeeIds,
      })),
      plan,
      thresholds: mergeThresholds(saved?.values),
    },
    status: row.status,
    startedAt: timing.startedAt,
    driverId: row.driverId,
    supplierId: row.supplierId,
    serviceDay: time.serviceDay(timing.anchor),
  };
}

/**
 * Builds watched trips from the database (issue 25): the route's stops in order with their planned
 * `HH:mm` as instants on the trip's local day (the one nearest its start), direction and time from
 * the route's shift, the workplace (its destination), seats (the route's, else the vehicle's), the
 * shift's travel model (its override, else the branch office's calibration or the defaults: the
 * one the planned times were made with, decision 0058), the trace of a recent
 * good trip of the route, and the branch office's thresholds. Trips with no stops (or of a route not
 * scheduled) get a plan too: only NO_GPS and OVER_CAPACITY apply to them.
 */
export function createTripPlanLoader(db: Db, time: BranchOfficeTime, now: () => number) {
  const calibrations = createCalibrationCache(db, time, { ttlMs: CALIBRATION_TTL_MS, now });

  async function build(row: TripForPlan, stops: RouteStops): Promise<LoadedTrip> {
    const own = stops.filter((stop) => stop.routeId === row.routeId);
    const timing = tripTiming(row, own, time);
    const planStops = planStopsOf(own, timing.anchor, time);
    const workplace = workplaceOf(row, timing, planStops.at(-1)?.plannedAt ?? timing.anchor, time);
    const calibration = await calibrations.get(row.branchOfficeId);
    const params = travelParamsOf(row, timing, workplace, calibration);
    const trace = row.routeId === null ? undefined : await traceOf(row.routeId);
    const saved = row.branchOfficeId === null ? undefined : await thresholdsOf(db, row.branchOfficeId);
    const plan: TripPlan = {
      direction: timing.direction,
      plannedDepartureAt: timing.plannedDepartureAt,
      stops: planStops,
      workplace,
      seats: row.routeSeats ?? row.vehicleCapacity ?? null,
      speedKmh: params.speedKmh,
      circuity: params.circuity,
      serviceMinutes: params.serviceMinutes,
      ...(trace && { trace }),
    };
    return loadedTripOf(row, { own, planStops, plan, saved, timing }, time);
  }

  async function traceOf(routeId: number): Promise<GeoPoint[] | undefined> {
    const row = await recentGoodTrace(db, routeId, new Date(now() - TRACE_DAYS * DAY_MS), TRACE_MIN_POINTS);
    if (!row) return undefined;
    const points: GeoPoint[] = [];
    for (let i = 0; i + 1 < row.points.length; i += 2)
      points.push({ latitude: Number(row.points[i]), longitude: Number(row.points[i + 1]) });
    return points;
  }

  return {
    /** The trips among `ids` that exist, each with its plan (in progress or not: the caller decides). */
    async load(ids: number[]): Promise<LoadedTrip[]> {
      const rows = await tripsForPlan(db, ids);
      const routeIds = [...new Set(rows.flatMap((row) => (row.routeId === null ? [] : [row.routeId])))];
      const stops = await stopsOfRoutes(db, routeIds);
      const loaded: LoadedTrip[] = [];
      for (const row of rows) loaded.push(await build(row, stops));
      return loaded;
    },
    forgetCalibrations: () => calibrations.clear(),
  };
}
export type TripPlanLoader = ReturnType<typeof createTripPlanLoader>;
