import type { TravelPoint } from "@treiber/contract";
import type { z } from "zod";
import { osrmRouteSchema, osrmTableSchema } from "./osrm-responses.js";
import { createRoadCache, type RoadCache, type RoadLeg } from "./road-cache.js";
import { type TableBlock, tableBlocks } from "./table-blocks.js";

/**
 * The road network (issue 36, decision 0069): an OSRM-compatible server (HTTP API v1) asked for
 * tables of seconds and metres (`/table`) and for the road through a route's stops (`/route`). Each
 * request has its own time limit; every leg learned is cached (road-cache.ts). Whatever goes wrong
 * (no answer in time, an HTTP error, invalid JSON, `code` other than "Ok", a pair with no road)
 * throws RoutingError, and the caller times the proposal with the model instead.
 */
export type RoadRoutingOptions = {
  url: string;
  timeoutMs: number;
  /** The most coordinates one `/table` request lists (the server's max-table-size). */
  tableSize: number;
  cache?: RoadCache;
};

export type RoadMatrix = { seconds: number[][]; meters: number[][] };

export class RoutingError extends Error {
  constructor(
    /** `timeout`: no answer within the limit; `failed`: an error or an answer that makes no sense. */
    readonly kind: "timeout" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "RoutingError";
  }
}

/** `lon,lat;lon,lat…` with the coordinates rounded as the cache keys them (about a metre). */
const coordinates = (points: readonly TravelPoint[]) =>
  points.map((point) => `${point.longitude.toFixed(5)},${point.latitude.toFixed(5)}`).join(";");

export function createRoadRouting(options: RoadRoutingOptions) {
  const cache = options.cache ?? createRoadCache();
  let tableRequests = 0;

  async function getJson<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const limit = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`${options.url}${path}`, {
        headers: { accept: "application/json" },
        signal: signal ? AbortSignal.any([limit, signal]) : limit,
      });
      body = await response.json();
    } catch (error) {
      if (limit.aborted) throw new RoutingError("timeout", `no answer within ${options.timeoutMs} ms`);
      if (signal?.aborted) throw error;
      throw new RoutingError("failed", `request or JSON failed: ${(error as Error).message}`);
    }
    const parsed = schema.safeParse(body);
    if (!response.ok || !parsed.success) {
      const code = (body as { code?: unknown } | null)?.code;
      throw new RoutingError("failed", `HTTP ${response.status}, code ${String(code)}`);
    }
    return parsed.data;
  }

  /** One block of the table: each leg cached and handed to `learn`. */
  async function askBlock(
    points: readonly TravelPoint[],
    block: TableBlock,
    learn: (a: number, b: number, leg: RoadLeg) => void,
    signal?: AbortSignal,
  ) {
    const same = block.sources === block.destinations;
    const listed = same ? block.sources : [...block.sources, ...block.destinations];
    const query = new URLSearchParams({ annotations: "duration,distance" });
    if (!same) {
      query.set("sources", block.sources.map((_, i) => i).join(";"));
      query.set("destinations", block.destinations.map((_, i) => block.sources.length + i).join(";"));
    }
    const path = `/table/v1/driving/${coordinates(listed.map((i) => points[i] as TravelPoint))}?${query}`;
    tableRequests++;
    const table = await getJson(path, osrmTableSchema, signal);
    block.sources.forEach((a, row) => {
      block.destinations.forEach((b, column) => {
        if (a === b) return;
        const seconds = table.durations[row]?.[column];
        const meters = table.distances[row]?.[column];
        if (seconds == null || meters == null) throw new RoutingError("failed", "a pair has no road");
        cache.set(points[a] as TravelPoint, points[b] as TravelPoint, { seconds, meters });
        learn(a, b, { seconds, meters });
      });
    });
  }

  return {
    /** Seconds and metres between every two of `points` (0 from a point to itself). */
    async matrix(points: readonly TravelPoint[], signal?: AbortSignal): Promise<RoadMatrix> {
      const n = points.length;
      const known = new Map<number, RoadLeg>();
      const leg = (a: number, b: number) => {
        const found = known.get(a * n + b) ?? cache.get(points[a] as TravelPoint, points[b] as TravelPoint);
        if (found) known.set(a * n + b, found);
        return found;
      };
      for (const block of tableBlocks(n, options.tableSize, (a, b) => !leg(a, b))) {
        await askBlock(points, block, (a, b, found) => known.set(a * n + b, found), signal);
      }
      const seconds = points.map(() => new Array<number>(n).fill(0));
      const meters = points.map(() => new Array<number>(n).fill(0));
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          if (a === b) continue;
          const found = leg(a, b);
          if (!found) throw new RoutingError("failed", "a pair is missing from the table");
          (seconds[a] as number[])[b] = found.seconds;
          (meters[a] as number[])[b] = found.meters;
        }
      }
      return { seconds, meters };
    },

    /** The road through `points` in order, as [lat, lon] (rounded to about a metre). */
    async geometry(points: readonly TravelPoint[], signal?: AbortSignal): Promise<[number, number][]> {
      const query = "overview=full&geometries=geojson";
      const route = await getJson(
        `/route/v1/driving/${coordinates(points)}?${query}`,
        osrmRouteSchema,
        signal,
      );
      const round = (value: number) => Math.round(value * 1e5) / 1e5;
      return (route.routes[0]?.geometry.coordinates ?? []).map(
        ([longitude, latitude]) => [round(latitude), round(longitude)] as [number, number],
      );
    },

    /** A leg already learned (no request): apply times a plan with what its proposal learned. */
    knownLeg: (from: TravelPoint, to: TravelPoint): RoadLeg | undefined => cache.get(from, to),

    /** How many `/table` requests this client made (tests and diagnostics). */
    tableRequests: () => tableRequests,
  };
}
export type RoadRouting = ReturnType<typeof createRoadRouting>;
