// A local stand-in for an OSRM-compatible routing server (issue 36, decision 0069): the API's
// tests and development point ROUTING_URL at it. It answers `GET /table/v1/driving/{coords}` (with
// `sources`, `destinations` and `annotations=duration,distance`) and `GET /route/v1/driving/{coords}`
// (`overview=full&geometries=geojson`) with a deterministic road-like metric: the bus drives north
// or south first, then east or west (a grid), at STAND_IN_SPEED_KMH. It can be told to answer late
// or fail, and counts the requests it got.
//
//   node scripts/osrm-stand-in.mjs [--port 5000]   → ROUTING_URL=http://127.0.0.1:5000
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

export const STAND_IN_SPEED_KMH = 30;
// METERS_PER_DEGREE / 1000 of @treiber/contract/geo (the one home of distance, decision 0065), to
// three decimals: node runs this file as plain JavaScript, which cannot import that TypeScript
// module. `npm run lint:homes` (scripts/check-single-homes.mjs) fails if the two ever disagree.
const KM_PER_DEGREE = 111.195;

/** Grid metres from a to b ([lon, lat]): the north–south leg plus the east–west leg. */
export function gridMeters(a, b) {
  const north = Math.abs(b[1] - a[1]) * KM_PER_DEGREE;
  const east = Math.abs(b[0] - a[0]) * KM_PER_DEGREE * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  return (north + east) * 1000;
}

export const gridSeconds = (meters) => meters / ((STAND_IN_SPEED_KMH * 1000) / 3600);

const parseCoordinates = (text) =>
  decodeURIComponent(text)
    .split(";")
    .map((pair) => pair.split(",").map(Number));

const indices = (value, count) =>
  value && value !== "all" ? value.split(";").map(Number) : Array.from({ length: count }, (_, i) => i);

function table(points, query) {
  const sources = indices(query.get("sources"), points.length);
  const destinations = indices(query.get("destinations"), points.length);
  const distances = sources.map((a) => destinations.map((b) => gridMeters(points[a], points[b])));
  return {
    code: "Ok",
    durations: distances.map((row) => row.map(gridSeconds)),
    distances,
    sources: sources.map((i) => ({ location: points[i] })),
    destinations: destinations.map((i) => ({ location: points[i] })),
  };
}

function route(points) {
  const line = [points[0]];
  let distance = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    line.push([a[0], b[1]], b);
    distance += gridMeters(a, b);
  }
  return {
    code: "Ok",
    routes: [
      { distance, duration: gridSeconds(distance), geometry: { type: "LineString", coordinates: line } },
    ],
    waypoints: points.map((location) => ({ location })),
  };
}

/**
 * Starts the stand-in on 127.0.0.1. `behave({ delayMs, fail })` changes how it answers from then
 * on: `delayMs` waits before answering; `fail` is "500" (HTTP 500), "code" (200 with code
 * "NoRoute"), "json" (200 with a body that is not JSON) or undefined (answers); `only` ("table" or
 * "route") fails that service alone. `requests` counts
 * the /table and /route requests answered or failed.
 */
export async function startOsrmStandIn(options = {}) {
  let behaviour = { delayMs: 0, fail: undefined, only: undefined };
  const requests = { table: 0, route: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const match = /^\/(table|route)\/v1\/driving\/(.+)$/.exec(url.pathname);
    const send = (status, body) => {
      if (response.destroyed) return;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (!match) return send(400, { code: "InvalidUrl", message: "unknown service" });
    const service = match[1];
    requests[service]++;
    const { delayMs, only } = behaviour;
    const fail = !only || only === service ? behaviour.fail : undefined;
    setTimeout(() => {
      if (fail === "500") return send(500, { code: "InternalError" });
      if (fail === "code") return send(200, { code: "NoRoute", message: "Impossible route" });
      if (fail === "json") return send(200, "<html>not json");
      const points = parseCoordinates(match[2]);
      send(200, service === "table" ? table(points, url.searchParams) : route(points));
    }, delayMs);
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next = {}) {
      behaviour = { delayMs: next.delayMs ?? 0, fail: next.fail, only: next.only };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--port");
  const standIn = await startOsrmStandIn({ port: at > 0 ? Number(process.argv[at + 1]) : 5000 });
  console.log(`OSRM stand-in: ROUTING_URL=${standIn.url}`);
}
