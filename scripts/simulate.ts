/**
 * Driver simulator: `npm run simulate -- --drivers 20 --speed 10 --faults detour,skip`.
 *
 * Signs in as drivers (the demo ones, found through an admin's user list, or the given e-mails),
 * starts a trip on one of each driver's routes of the day and drives it like Treiber App: along the
 * route's planned stops (its "Hoy": stops, riders per stop, destination) through the trip simulator
 * of @treiber/incidents, with the faults of `--faults` injected (simulate/simulate-faults.ts), its
 * positions sent in (simulated) real time through the hub's `SendGeolocationAt` with the phone's
 * time (REST with `recordedAt` for what the phone kept without signal), the riders' QR codes scanned
 * at their stops (read from each collaborator's profile, as the collaborator app shows it), a few
 * riders cancelling with a comment and a few commenting after riding, and the trip ended. A route
 * without planned stops is driven along a plausible path to its destination, without faults. All
 * through the same public API a real app uses. Run it against a server with demo data
 * (`npm run seed:demo`, `npm start`) and watch the dashboard and its incidents come alive.
 */
import {
  API_BASE_URL,
  createHttpClient,
  createHubClient,
  createMemoryStorage,
  createSessionStore,
  getErrorMessage,
  getErrorStatus,
  type HttpClient,
} from "@treiber/client";
import type {
  ActiveTrip,
  SignInResponse,
  StartableRoute,
  TodayRoute,
  TodayRoutesResponse,
  TripDetail,
  TripRider,
  TripSavedResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { type GeoPoint, greatCircleKm, METERS_PER_DEGREE } from "@treiber/contract/geo";
import { HUB_METHODS, HUB_PATH } from "@treiber/contract/hub-names";
import { SeededRandom } from "@treiber/contract/seeded-random";
import { followsStops, type PlannedTrip, planTrip, wallClock } from "./simulate/plan-trip.js";
import { incidentOf } from "./simulate/simulate-faults.js";
import { type Options, parseOptions, SIMULATE_HELP } from "./simulate/simulate-options.js";

/** The fields of `GET User/list` items the simulator reads. */
type UserListItem = {
  email: string;
  role: string;
  status: string;
  name: string | null;
  lastname: string | null;
};

// ---------- HTTP client with a session per account ----------

/** A failed call: its HTTP status (0 without an answer) and the server's Spanish message. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One account, with the apps' own client (@treiber/client): bearer, `GMT` header and single-flight
 * token refresh on 401; the session lives in memory. When the refresh is refused the account signs
 * in again once.
 */
class Session {
  private readonly store = createSessionStore({ storage: createMemoryStorage(), events: null });
  private readonly http: HttpClient;
  userId = 0;

  constructor(
    baseUrl: string,
    readonly email: string,
    private readonly password: string,
  ) {
    this.http = createHttpClient({ session: this.store, baseURL: `${baseUrl}${API_BASE_URL}` });
  }

  /** The current bearer token (for the hub). */
  token(): string {
    return this.store.getSession()?.token ?? "";
  }

  async signIn() {
    const body = await this.send<SignInResponse>("POST", clientPath(API.auth.signIn), {
      email: this.email,
      password: this.password,
    });
    this.userId = this.store.signIn(body).userId;
    return this;
  }

  /** One request; the parsed JSON body (the caller says its shape), or an ApiError with its message. */
  private async send<T>(method: string, path: string, payload?: unknown): Promise<T> {
    try {
      const response = await this.http.request<T>({ method, url: path, data: payload });
      return response.data;
    } catch (error) {
      throw new ApiError(getErrorStatus(error) ?? 0, getErrorMessage(error, (error as Error).message));
    }
  }

  /** A call with the bearer token (`path` under /api/v1); refreshed on 401, or signed in again once. */
  async call<T>(method: "GET" | "POST" | "PUT", path: string, payload?: unknown): Promise<T> {
    try {
      return await this.send<T>(method, path, payload);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || this.store.getSession()) throw error;
      await this.signIn();
      return this.send<T>(method, path, payload);
    }
  }
}

// ---------- Geometry ----------

type Point = { lat: number; lng: number };
const rad = (deg: number) => (deg * Math.PI) / 180;
const geoPoint = (point: Point): GeoPoint => ({ latitude: point.lat, longitude: point.lng });
/** Great-circle km, from the one home of distance (@treiber/contract/geo). */
const distanceKm = (a: Point, b: Point) => greatCircleKm(geoPoint(a), geoPoint(b));
const KM_PER_DEGREE = METERS_PER_DEGREE / 1000;

function bearing(a: Point, b: Point) {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** A point `km` away from `from` in a random direction. */
function offset(from: Point, km: number, random: SeededRandom): Point {
  const angle = random.between(0, 2 * Math.PI);
  return {
    lat: from.lat + (km / KM_PER_DEGREE) * Math.cos(angle),
    lng: from.lng + (km / (KM_PER_DEGREE * Math.cos(rad(from.lat)))) * Math.sin(angle),
  };
}

/** A city-like path: a few waypoints bending off the straight line, like streets do. */
function pathBetween(from: Point, to: Point, random: SeededRandom): Point[] {
  const points = [from];
  const legs = random.int(4, 7);
  const km = distanceKm(from, to);
  for (let i = 1; i < legs; i++) {
    const f = i / legs;
    const jitter = Math.min(0.8, km * 0.08);
    const base = { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
    points.push(offset(base, random.between(0, jitter), random));
  }
  points.push(to);
  return points;
}

/** Position after `km` along the path (clamped to its end). */
function along(path: Point[], km: number): { point: Point; heading: number; done: boolean } {
  let left = km;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Point;
    const b = path[i] as Point;
    const leg = distanceKm(a, b);
    if (left <= leg) {
      const f = leg === 0 ? 1 : left / leg;
      return {
        point: { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f },
        heading: bearing(a, b),
        done: false,
      };
    }
    left -= leg;
  }
  const last = path.at(-1) as Point;
  return { point: last, heading: 0, done: true };
}

// ---------- The simulation ----------

const SANTO_DOMINGO: Point = { lat: 18.4861, lng: -69.9312 };
const CANCEL_REASONS = [
  "Hoy trabajo desde casa",
  "Tengo una cita médica",
  "Me voy por mi cuenta hoy",
  "Estoy de vacaciones",
  "Me siento mal, no iré hoy",
];
const COMMENTS = [
  "El chofer fue muy amable",
  "Llegamos a tiempo, gracias",
  "El aire acondicionado no funcionaba bien",
  "Buen servicio",
  "El chofer tomó una ruta más larga de lo normal",
];

type Stats = {
  trips: number;
  positions: number;
  scans: number;
  cancellations: number;
  comments: number;
  errors: number;
};
const stats: Stats = { trips: 0, positions: 0, scans: 0, cancellations: 0, comments: 0, errors: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (who: string, message: string) =>
  console.log(`${new Date().toISOString().slice(11, 19)} ${who.padEnd(28).slice(0, 28)} ${message}`);

/** Collaborator accounts by "name lastname", signed in on first use (their QR comes from their profile). */
class Collaborators {
  private readonly byName = new Map<string, string>();
  private readonly sessions = new Map<string, Promise<{ session: Session; codeQr: string } | undefined>>();

  constructor(
    private readonly options: Options,
    users: UserListItem[],
  ) {
    for (const user of users) {
      if (user.role !== "Collaborator" || user.status !== "active") continue;
      const key = `${user.name ?? ""} ${user.lastname ?? ""}`.toLowerCase();
      if (!this.byName.has(key)) this.byName.set(key, user.email);
    }
  }

  get size() {
    return this.byName.size;
  }

  account(rider: { name: string; lastname: string }) {
    const email = this.byName.get(`${rider.name} ${rider.lastname}`.toLowerCase());
    if (!email) return Promise.resolve(undefined);
    let entry = this.sessions.get(email);
    if (!entry) {
      entry = (async () => {
        try {
          const session = await new Session(this.options.url, email, this.options.password).signIn();
          const profile = await session.call<{ codeQr: string }>("GET", clientPath(API.employee.profile));
          return { session, codeQr: profile.codeQr };
        } catch {
          return undefined;
        }
      })();
      this.sessions.set(email, entry);
    }
    return entry;
  }
}

async function listUsers(admin: Session) {
  const users: UserListItem[] = [];
  for (let skip = 1; ; skip++) {
    const page = await admin.call<{ amount: number; list: UserListItem[] }>(
      "GET",
      `${clientPath(API.user.list)}?amount=100&skip=${skip}`,
    );
    users.push(...page.list);
    if (page.list.length < 100 || users.length >= page.amount) return users;
  }
}

/** The driver's hub connection (as Treiber App's), opened on first use; undefined if it cannot connect. */
const hubs = new Map<Session, Promise<ReturnType<typeof createHubClient> | undefined>>();

function hubOf(driver: Session, options: Options) {
  let hub = hubs.get(driver);
  if (!hub) {
    hub = (async () => {
      const client = createHubClient({
        url: `${options.url}${HUB_PATH}`,
        accessTokenFactory: () => driver.token(),
      });
      try {
        await Promise.race([
          client.start(),
          sleep(10_000).then(() => Promise.reject(new Error("sin respuesta"))),
        ]);
        return client;
      } catch {
        return undefined;
      }
    })();
    hubs.set(driver, hub);
  }
  return hub;
}

/** A position sent this long after it was taken was kept by the phone without signal. */
const KEPT_MS = 5_000;

const isConnected = (hub: ReturnType<typeof createHubClient> | undefined) =>
  String(hub?.connection.state) === "Connected";

/**
 * One trip along a route's planned stops, with the faults injected: the timeline of plan-trip.ts
 * played on the wall clock (`--speed` times faster). Positions go by the hub with the phone's time,
 * or by REST with `recordedAt` when the phone kept them without signal (gps-gap) or the hub is down,
 * as Treiber App sends them.
 */
async function runPlannedTrip(
  driver: Session,
  options: Options,
  collaborators: Collaborators,
  who: string,
  route: TodayRoute,
  seed: number,
  random: SeededRandom,
) {
  const plan: PlannedTrip = planTrip(route, {
    now: Date.now(),
    faults: options.faults,
    seed,
    intervalSeconds: [options.intervalSeconds, options.intervalSeconds * 2],
  });
  const faults = plan.truth.map((truth) => `${truth.fault} → ${incidentOf(truth.fault)}`).join(", ");
  log(
    who,
    `ruta ${route.name}: ${route.stops.length} paradas planificadas${faults ? `; fallas: ${faults}` : ""}`,
  );
  const clock = wallClock(plan, Date.now(), options.speed);
  const cancels = new Set(
    route.riders.filter(() => random.chance(options.cancelRate)).map((rider) => rider.id),
  );
  const boarded: TripRider[] = [];
  let tripId: number | undefined;
  let lastLive = 0;
  for (const step of plan.steps) {
    const wait = clock(step.at) - Date.now();
    if (wait > 0) await sleep(wait);
    if (step.kind === "start") {
      const started = await driver.call<TripSavedResponse>(
        "PUT",
        clientPath(API.intermediateRoute.start),
        route.routeId ? { routeId: route.routeId } : { routeNotScheduledId: route.routeNotScheduledId },
      );
      tripId = started.intermediateRoute.id;
      stats.trips++;
      log(who, `inició la ruta ${started.intermediateRoute.routeName} (#${tripId})`);
      await cancelSome(route, tripId, cancels, collaborators, who, random);
      continue;
    }
    if (tripId === undefined) continue;
    if (step.kind === "position") {
      // The hub takes one live position a second: at a high --speed the phone's throttle drops the rest.
      const live = step.at - step.recordedAt <= KEPT_MS;
      if (live && Date.now() - lastLive < 1_200) continue;
      await sendPosition(driver, options, tripId, step, new Date(clock(step.recordedAt)).toISOString(), who);
      // From its answer: the server counts the second from when it took the last one.
      if (live) lastLive = Date.now();
    } else if (step.kind === "boarding") {
      const rider = route.riders.find((item) => item.id === step.riderId);
      if (!rider || cancels.has(rider.id)) continue;
      const account = await collaborators.account(rider);
      if (!account) continue;
      try {
        await driver.call("POST", clientPath(API.transportService.scan), {
          codeQr: account.codeQr,
          intermediateRouteId: tripId,
          scannedAt: new Date(clock(step.at)).toISOString(),
        });
        stats.scans++;
        boarded.push({ ...rider } as unknown as TripRider);
        log(who, `abordó ${rider.name} ${rider.lastname}`);
      } catch (error) {
        stats.errors++;
        log(who, `escaneo rechazado: ${(error as Error).message}`);
      }
    } else if (step.kind === "end") {
      await driver.call("PUT", clientPath(API.intermediateRoute.end), { intermediateRouteId: tripId });
      log(who, `finalizó la ruta #${tripId} (${boarded.length} pasajeros)`);
    }
  }
  if (tripId !== undefined) await commentSome(boarded, tripId, options, collaborators, who, random);
  return true;
}

async function sendPosition(
  driver: Session,
  options: Options,
  tripId: number,
  step: { at: number; recordedAt: number; latitude: number; longitude: number },
  recordedAt: string,
  who: string,
) {
  const latitude = Number(step.latitude.toFixed(6));
  const longitude = Number(step.longitude.toFixed(6));
  // Kept by the phone without signal (sent more than 5 s after it was taken): the outbox's REST.
  const kept = step.at - step.recordedAt > KEPT_MS;
  const hub = kept ? undefined : await hubOf(driver, options);
  try {
    if (hub && isConnected(hub)) {
      await hub.connection.invoke(HUB_METHODS.sendGeolocationAt, tripId, latitude, longitude, recordedAt);
    } else {
      await driver.call("POST", clientPath(API.intermediateRoute.position), {
        intermediateRouteId: tripId,
        latitude,
        longitude,
        recordedAt,
      });
    }
    stats.positions++;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) {
      stats.errors++;
      log(who, `posición rechazada: ${(error as Error).message}`);
    }
  }
}

/** A few riders cancel early, from the collaborator app. */
async function cancelSome(
  route: TodayRoute,
  tripId: number,
  cancels: ReadonlySet<number>,
  collaborators: Collaborators,
  who: string,
  random: SeededRandom,
) {
  for (const rider of route.riders.filter((item) => cancels.has(item.id))) {
    const account = await collaborators.account(rider);
    if (!account) continue;
    try {
      await account.session.call("POST", clientPath(API.transportService.cancel), {
        intermediateRouteId: tripId,
        comment: random.pick(CANCEL_REASONS),
      });
      stats.cancellations++;
      log(who, `${rider.name} ${rider.lastname} canceló su servicio`);
    } catch (error) {
      stats.errors++;
      log(who, `cancelación rechazada: ${(error as Error).message}`);
    }
  }
}

/** A few riders comment after the trip. */
async function commentSome(
  boarded: readonly { name: string; lastname: string }[],
  tripId: number,
  options: Options,
  collaborators: Collaborators,
  who: string,
  random: SeededRandom,
) {
  for (const rider of boarded) {
    if (!random.chance(options.commentRate)) continue;
    const account = await collaborators.account(rider);
    if (!account) continue;
    try {
      await account.session.call("POST", clientPath(API.intermediateRoute.comment), {
        intermediateRouteId: tripId,
        comment: random.pick(COMMENTS),
      });
      stats.comments++;
      log(who, `${rider.name} ${rider.lastname} comentó la ruta`);
    } catch (error) {
      stats.errors++;
      log(who, `comentario rechazado: ${(error as Error).message}`);
    }
  }
}

async function runTrip(
  driver: Session,
  options: Options,
  collaborators: Collaborators,
  who: string,
  seed: number,
) {
  const random = new SeededRandom(seed);
  // Continue a trip left in progress (the demo data has some), or start one on an assigned route:
  // one with planned stops when there is one (driven along them, with the faults), else any.
  const mine = await driver.call<{ response: ActiveTrip[] }>(
    "GET",
    clientPath(API.intermediateRoute.listActive),
  );
  let tripId = mine.response[0]?.id;
  if (tripId === undefined) {
    const today = await driver
      .call<TodayRoutesResponse>("GET", clientPath(API.intermediateRoute.today))
      .catch(() => ({ response: [] as TodayRoute[] }));
    const planned = today.response.filter((route) => route.state === "Pendiente" && followsStops(route));
    if (planned.length > 0)
      return runPlannedTrip(driver, options, collaborators, who, random.pick(planned), seed, random);
    if (options.faults.length > 0) log(who, "sin rutas con paradas planificadas hoy: viaje sin fallas");

    const { response: routes } = await driver.call<{ response: StartableRoute[] }>(
      "GET",
      clientPath(API.intermediateRoute.driverRoutes),
    );
    if (routes.length === 0) {
      log(who, "sin rutas asignadas activas; nada que simular");
      return false;
    }
    const route = random.pick(routes);
    const started = await driver.call<TripSavedResponse>(
      "PUT",
      clientPath(API.intermediateRoute.start),
      route.routeId ? { routeId: route.routeId } : { routeNotScheduledId: route.routeNotScheduledId },
    );
    tripId = started.intermediateRoute.id;
    log(who, `inició la ruta ${started.intermediateRoute.routeName} (#${tripId})`);
  } else {
    log(who, `continúa la ruta en curso #${tripId}`);
  }
  stats.trips++;

  const detail = await driver.call<TripDetail>(
    "GET",
    `${clientPath(API.intermediateRoute.detail)}?intermediateRouteId=${tripId}`,
  );
  const destination: Point =
    detail.destinationLatitude !== null && detail.destinationLongitude !== null
      ? { lat: detail.destinationLatitude, lng: detail.destinationLongitude }
      : offset(SANTO_DOMINGO, random.between(2, 6), random);
  const from: Point =
    detail.lastLatitude !== null && detail.lastLongitude !== null
      ? { lat: detail.lastLatitude, lng: detail.lastLongitude }
      : offset(destination, random.between(5, 12), random);
  const path = pathBetween(from, destination, random);

  // Riders still expected: each is picked up somewhere on the first 60 % of the way, or cancels.
  const riders = await driver.call<TripRider[]>(
    "GET",
    `${clientPath(API.transportService.listEmployee)}?intermediateRouteId=${tripId}`,
  );
  const plan = riders
    .filter((rider) => rider.status === "Pending")
    .map((rider) => ({ rider, at: random.between(0.02, 0.6), cancels: random.chance(options.cancelRate) }))
    .sort((a, b) => a.at - b.at);
  const boarded: TripRider[] = riders.filter((rider) => rider.status === "Boarded");

  // Cancellations happen early, from the collaborator app.
  for (const step of plan.filter((s) => s.cancels)) {
    const account = await collaborators.account(step.rider);
    if (!account) continue;
    try {
      await account.session.call("POST", clientPath(API.transportService.cancel), {
        intermediateRouteId: tripId,
        comment: random.pick(CANCEL_REASONS),
      });
      stats.cancellations++;
      log(who, `${step.rider.name} ${step.rider.lastname} canceló su servicio`);
    } catch (error) {
      stats.errors++;
      log(who, `cancelación rechazada: ${(error as Error).message}`);
    }
  }
  const pickups = plan.filter((s) => !s.cancels);

  const totalKm = distanceKm(from, destination) * 1.15;
  const kmh = random.between(28, 45);
  const realInterval = Math.max(1, options.intervalSeconds / options.speed);
  const simulatedStep = realInterval * options.speed;
  let travelled = 0;
  for (;;) {
    travelled += (kmh * simulatedStep) / 3600;
    const { point, done } = along(path, travelled);
    const progress = Math.min(1, travelled / totalKm);
    try {
      await driver.call("POST", clientPath(API.intermediateRoute.position), {
        intermediateRouteId: tripId,
        latitude: Number(point.lat.toFixed(6)),
        longitude: Number(point.lng.toFixed(6)),
      });
      stats.positions++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) {
        stats.errors++;
        log(who, `posición rechazada: ${(error as Error).message}`);
      }
    }
    while (pickups.length > 0 && (pickups[0]?.at ?? 1) <= progress) {
      const step = pickups.shift();
      if (!step) break;
      const account = await collaborators.account(step.rider);
      if (!account) continue;
      try {
        await driver.call("POST", clientPath(API.transportService.scan), {
          codeQr: account.codeQr,
          intermediateRouteId: tripId,
        });
        stats.scans++;
        boarded.push(step.rider);
        log(who, `abordó ${step.rider.name} ${step.rider.lastname}`);
      } catch (error) {
        stats.errors++;
        log(who, `escaneo rechazado: ${(error as Error).message}`);
      }
    }
    if (done) break;
    await sleep(realInterval * 1000);
  }

  await driver.call("PUT", clientPath(API.intermediateRoute.end), { intermediateRouteId: tripId });
  log(who, `finalizó la ruta #${tripId} (${boarded.length} pasajeros)`);
  await commentSome(boarded, tripId, options, collaborators, who, random);
  return true;
}

async function runDriver(email: string, options: Options, collaborators: Collaborators, index: number) {
  // Spread the starts so the dashboard sees trips appear one after another.
  await sleep(index * Math.min(2000, 20_000 / options.drivers));
  const who = email;
  try {
    const driver = await new Session(options.url, email, options.password).signIn();
    for (let n = 0; n < options.trips; n++) {
      if (!(await runTrip(driver, options, collaborators, who, options.seed + index * 1000 + n))) return;
      if (n + 1 < options.trips) await sleep(Math.max(1000, 60_000 / options.speed));
    }
  } catch (error) {
    stats.errors++;
    log(who, `detenido: ${(error as Error).message}`);
  }
}

async function main() {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (parsed === "help") {
    console.log(SIMULATE_HELP);
    return;
  }
  const options = parsed;
  console.log(
    `Simulando ${options.drivers} ${options.drivers === 1 ? "chofer" : "choferes"} contra ${options.url} (velocidad ×${options.speed}, ${options.trips} ruta(s) cada uno)`,
  );
  let users: UserListItem[] = [];
  try {
    const admin = await new Session(options.url, options.adminEmail, options.password).signIn();
    users = await listUsers(admin);
  } catch (error) {
    if (options.driverEmails.length === 0) {
      throw new Error(
        `No se pudo leer la lista de usuarios como ${options.adminEmail} (${(error as Error).message}); use --driver-emails`,
      );
    }
    console.log(
      "Sin lista de usuarios: no habrá escaneos ni cancelaciones (no se conocen los colaboradores).",
    );
  }
  const driverEmails = (
    options.driverEmails.length > 0
      ? options.driverEmails
      : users.filter((user) => user.role === "Driver" && user.status === "active").map((user) => user.email)
  ).slice(0, options.drivers);
  if (driverEmails.length === 0) throw new Error("No hay choferes activos para simular");
  const collaborators = new Collaborators(options, users);
  console.log(`${driverEmails.length} choferes, ${collaborators.size} colaboradores conocidos`);

  let stopping = false;
  process.on("SIGINT", () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log("\nInterrumpido: las rutas en curso quedan abiertas (vuelva a ejecutar para continuarlas).");
    printStats();
    process.exit(130);
  });
  if (options.faults.length > 0)
    console.log(`Fallas en cada viaje con paradas: ${options.faults.join(", ")}`);
  await Promise.all(driverEmails.map((email, index) => runDriver(email, options, collaborators, index)));
  await Promise.all([...hubs.values()].map(async (hub) => (await hub)?.stop()));
  printStats();
}

function printStats() {
  console.log(
    `Resumen: ${stats.trips} rutas, ${stats.positions} posiciones, ${stats.scans} abordajes, ` +
      `${stats.cancellations} cancelaciones, ${stats.comments} comentarios, ${stats.errors} errores`,
  );
}

main().catch((error: unknown) => {
  console.error(`Error: ${(error as Error).message}`);
  process.exit(1);
});
