import type { PlanParams, PlanPoint, PlanRoute, RoadLegs, TravelBasis } from "@treiber/contract";
import type { VroomOutput } from "@treiber/planner";
import { type RoadMatrix, type RoadRouting, RoutingError } from "../routing/road-routing.js";
import { PlanningCancelledError } from "./solve-in-worker.js";

/**
 * A proposal timed on the road network (issue 36, decision 0069): with a routing server the
 * planner's matrix, the planned times and the figures come from its table; when it fails the whole
 * proposal is timed with the model and says so.
 */
export type RoadTiming = { source: TravelBasis; note: string | null; matrix?: RoadMatrix };

export const ROUTING_TIMEOUT_NOTE =
  "El servidor de rutas no respondió a tiempo: tiempos y distancias estimados en línea recta con el modelo calibrado";
export const ROUTING_FAILED_NOTE =
  "El servidor de rutas respondió con un error: tiempos y distancias estimados en línea recta con el modelo calibrado";

/** The client went away while the routing server was asked: the proposal is cancelled (499). */
const cancelledOr = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted ? new PlanningCancelledError() : error;

/** Up to this many locations the proposal carries every leg between them (moves stay on roads). */
const ALL_LEGS_MAX_POINTS = 60;

/** The road matrix over `points` (the workplace first, then the stops), or the model with a note. */
export async function roadTiming(
  routing: RoadRouting | undefined,
  points: readonly PlanPoint[],
  signal?: AbortSignal,
): Promise<RoadTiming> {
  if (!routing || points.length < 2) return { source: "model", note: null };
  try {
    return { source: "roads", note: null, matrix: await routing.matrix(points, signal) };
  } catch (error) {
    if (!(error instanceof RoutingError)) throw cancelledOr(error, signal);
    return { source: "model", note: error.kind === "timeout" ? ROUTING_TIMEOUT_NOTE : ROUTING_FAILED_NOTE };
  }
}

/** A route's locations in the order the bus drives them: to the workplace or from it. */
export function drivenPoints(stops: readonly PlanPoint[], params: PlanParams): PlanPoint[] {
  return params.direction === "inbound" ? [...stops, params.workplace] : [params.workplace, ...stops];
}

/**
 * The road legs a proposal carries in its params (what scheduleStops times with): every leg
 * between its locations when they are few, else those its routes drive (`driven`: each route's
 * location indices in driving order), and a move then times its new legs with the model.
 */
export function roadLegs(
  points: readonly PlanPoint[],
  matrix: RoadMatrix,
  driven: readonly (readonly number[])[],
): RoadLegs {
  const legs: RoadLegs["legs"] = [];
  const add = (a: number, b: number) =>
    legs.push([a, b, matrix.seconds[a]?.[b] ?? 0, matrix.meters[a]?.[b] ?? 0]);
  if (points.length <= ALL_LEGS_MAX_POINTS) {
    for (let a = 0; a < points.length; a++) for (let b = 0; b < points.length; b++) if (a !== b) add(a, b);
  } else {
    for (const sequence of driven) {
      for (let i = 0; i + 1 < sequence.length; i++) add(sequence[i] as number, sequence[i + 1] as number);
    }
  }
  return { points: points.map((point) => [point.latitude, point.longitude]), legs };
}

/** The planner's routes as location indices in driving order (0 the workplace, i + 1 stop i). */
export function drivenLocations(output: VroomOutput, params: PlanParams): number[][] {
  return output.routes.map((route) => {
    const jobs = route.steps.flatMap((step) =>
      step.type === "job" && step.id !== undefined ? [step.id + 1] : [],
    );
    return params.direction === "inbound" ? [...jobs, 0] : [0, ...jobs];
  });
}

/** `/route` requests in flight at once while drawing a proposal's routes. */
const GEOMETRY_CONCURRENCY = 4;

/**
 * Each route's road geometry from `/route`, a few at a time; once one fails (late, an error) the
 * rest are not asked for, and those routes are drawn straight.
 */
export async function withGeometry(
  routing: RoadRouting,
  routes: PlanRoute[],
  params: PlanParams,
  signal?: AbortSignal,
): Promise<PlanRoute[]> {
  const drawn = [...routes];
  let failed = false;
  let next = 0;
  const worker = async () => {
    while (!failed && next < drawn.length) {
      const i = next++;
      const route = drawn[i] as PlanRoute;
      try {
        drawn[i] = { ...route, geometry: await routing.geometry(drivenPoints(route.stops, params), signal) };
      } catch (error) {
        if (!(error instanceof RoutingError)) throw cancelledOr(error, signal);
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: GEOMETRY_CONCURRENCY }, worker));
  return drawn;
}

/**
 * The params of Planning/apply with the road legs its routes drive that the routing client already
 * knows (learned by the proposal; no request inside the transaction): the planned times written
 * are those the page showed. Legs not known (a restart, a stop moved where no route went) are
 * timed with the model, as the page did.
 */
export function withKnownRoads(
  routing: RoadRouting | undefined,
  params: PlanParams,
  routes: readonly { stops: readonly PlanPoint[] }[],
): PlanParams {
  if (!routing) return params;
  const points: PlanPoint[] = [];
  const legs: RoadLegs["legs"] = [];
  for (const route of routes) {
    const driven = drivenPoints(route.stops, params);
    for (let i = 0; i + 1 < driven.length; i++) {
      const from = driven[i] as PlanPoint;
      const to = driven[i + 1] as PlanPoint;
      const leg = routing.knownLeg(from, to);
      if (!leg) continue;
      points.push(from, to);
      legs.push([points.length - 2, points.length - 1, leg.seconds, leg.meters]);
    }
  }
  if (legs.length === 0) return params;
  return { ...params, roads: { points: points.map((p) => [p.latitude, p.longitude]), legs } };
}
