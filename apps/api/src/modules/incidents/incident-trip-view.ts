import type { IncidentTripView } from "@treiber/contract";
import { compilePath, type PlannedPath, type TripPlan } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { notFound } from "../../lib/http-error.js";
import { TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTrip } from "../trips/trip-repository.js";
import { findTripTrace, rawTrace } from "../trips/trip-trace-repository.js";
import { toIncidentItem } from "./incident-items.js";
import type { IncidentMonitor } from "./incident-monitor.js";
import { listIncidents } from "./incident-repository.js";
import type { LoadedTrip, TripPlanLoader } from "./trip-plan-loader.js";

/** How many of a trip's incidents its view lists. */
const TRIP_INCIDENTS_LIMIT = 500;

type TripRow = NonNullable<Awaited<ReturnType<typeof findTrip>>>;

/** The compiled planned path as [latitude, longitude] pairs for the map. */
function plannedPathPoints(path: PlannedPath | null): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  if (!path) return points;
  for (let i = 0; i < path.xs.length; i++) {
    const point = path.projection.toGeo(path.xs[i] as number, path.ys[i] as number);
    points.push([point.latitude, point.longitude]);
  }
  return points;
}

/** The trip's raw positions, else (once thinned into its stored trace) that trace. */
async function tripTrace(db: Db, intermediateRouteId: number) {
  const trace = await rawTrace(db, intermediateRouteId);
  if (trace.length > 0) return trace;
  return (await findTripTrace(db, intermediateRouteId))?.points ?? [];
}

/** The plan's stops with their names and planned `HH:mm` at the branch office. */
function stopsOfView(loaded: LoadedTrip | undefined, plan: TripPlan | undefined, time: BranchOfficeTime) {
  return (loaded?.trip.stops ?? []).map((stop, index) => ({
    name: stop.name,
    latitude: plan?.stops[index]?.latitude ?? 0,
    longitude: plan?.stops[index]?.longitude ?? 0,
    plannedTime: time.hhmm(stop.plannedAt),
  }));
}

/** The trip's row as the view heads it: route, driver, supplier, status and times. */
function tripHeader(row: TripRow) {
  return {
    routeName: row.routeName ?? "",
    driverName: row.driverName === null ? null : `${row.driverName} ${row.driverLastname ?? ""}`.trim(),
    supplierName: row.supplierName,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * One trip against its plan (the control room's map): its planned path (the one the monitor
 * watches, else built from the database), stops, trace and incidents.
 */
export function createIncidentTripView(deps: {
  db: Db;
  monitor: IncidentMonitor;
  loader: TripPlanLoader;
  time: BranchOfficeTime;
}) {
  const { db, monitor, loader, time } = deps;

  async function loadedTrip(intermediateRouteId: number): Promise<LoadedTrip | undefined> {
    return monitor.watchedTrip(intermediateRouteId)?.loaded ?? (await loader.load([intermediateRouteId]))[0];
  }

  return async function tripView(intermediateRouteId: number): Promise<IncidentTripView> {
    const row = await findTrip(db, intermediateRouteId);
    if (!row) throw notFound(TRIP_NOT_FOUND);
    const loaded = await loadedTrip(intermediateRouteId);
    const plan = loaded?.trip.plan;
    const path = plan ? compilePath(plan) : null;
    const trace = await tripTrace(db, intermediateRouteId);
    const page = { limit: TRIP_INCIDENTS_LIMIT, offset: 0 };
    const { rows } = await listIncidents(db, { intermediateRouteId }, page);
    return {
      intermediateRouteId,
      ...tripHeader(row),
      plannedPathSource: path?.source ?? null,
      plannedPath: plannedPathPoints(path),
      stops: stopsOfView(loaded, plan, time),
      trace: trace.map(([latitude, longitude]) => [latitude, longitude]),
      incidents: rows.map(toIncidentItem),
    };
  };
}
