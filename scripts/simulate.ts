/**
 * Driver simulator: `npm run simulate -- --drivers 20 --speed 10`.
 *
 * Signs in as drivers (the demo ones, found through an admin's user list, or the given e-mails),
 * starts a trip on one of each driver's routes, sends positions along a plausible path, scans the
 * riders' QR codes (read from each collaborator's profile, as the collaborator app shows it),
 * makes a few riders cancel with a comment and a few comment after riding, and ends the trips —
 * all through the same public API a real app uses. Run it against a server with demo data
 * (`npm run seed:demo`, `npm start`) and watch the dashboard come alive.
 */
import {
  API_BASE_URL,
  createHttpClient,
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
  TripDetail,
  TripRider,
  TripSavedResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";

/** The fields of `GET User/list` items the simulator reads. */
type UserListItem = {
  email: string;
  role: string;
  status: string;
  name: string | null;
  lastname: string | null;
};

type Options = {
  url: string;
  drivers: number;
  speed: number;
  trips: number;
  password: string;
  adminEmail: string;
  driverEmails: string[];
  cancelRate: number;
  commentRate: number;
  intervalSeconds: number;
};

const HELP = `Uso: npm run simulate -- [opciones]
  --url <url>              API (por defecto $TREIBER_URL o http://127.0.0.1:$PORT|8080)
  --drivers <n>            choferes simulados (por defecto 5)
  --speed <x>              aceleración del tiempo simulado (por defecto 1)
  --trips <n>              rutas por chofer, una tras otra (por defecto 1)
  --driver-emails <a,b>    choferes a usar (si no, los activos de la lista de usuarios)
  --admin-email <email>    administrador para descubrir choferes y colaboradores (admin@treiber.app)
  --password <clave>       contraseña de todas las cuentas (demo: Treiber123!)
  --cancel-rate <0..1>     fracción de pasajeros que cancela con un comentario (0.08)
  --comment-rate <0..1>    fracción de pasajeros que comenta al final (0.05)
  --interval <s>           segundos simulados entre posiciones (5)`;

function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") {
      console.log(HELP);
      process.exit(0);
    }
    if (!arg.startsWith("--")) continue;
    const [key, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Falta el valor de --${key}`);
    values.set(key, value);
  }
  const num = (key: string, fallback: number, min: number, max: number) => {
    const raw = values.get(key);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(`--${key} debe estar entre ${min} y ${max}`);
    }
    return value;
  };
  return {
    url: (
      values.get("url") ??
      process.env.TREIBER_URL ??
      `http://127.0.0.1:${process.env.PORT ?? 8080}`
    ).replace(/\/$/, ""),
    drivers: Math.floor(num("drivers", 5, 1, 5000)),
    speed: num("speed", 1, 0.1, 1000),
    trips: Math.floor(num("trips", 1, 1, 1000)),
    password: values.get("password") ?? process.env.TREIBER_PASSWORD ?? "Treiber123!",
    adminEmail: values.get("admin-email") ?? "admin@treiber.app",
    driverEmails: (values.get("driver-emails") ?? "")
      .split(",")
      .map((email) => email.trim())
      .filter(Boolean),
    cancelRate: num("cancel-rate", 0.08, 0, 1),
    commentRate: num("comment-rate", 0.05, 0, 1),
    intervalSeconds: num("interval", 5, 1, 600),
  };
}

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
const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

function distanceKm(a: Point, b: Point) {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

function bearing(a: Point, b: Point) {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;

/** A point `km` away from `from` in a random direction. */
function offset(from: Point, km: number): Point {
  const angle = Math.random() * 2 * Math.PI;
  return {
    lat: from.lat + (km / 111) * Math.cos(angle),
    lng: from.lng + (km / (111 * Math.cos(rad(from.lat)))) * Math.sin(angle),
  };
}

/** A city-like path: a few waypoints bending off the straight line, like streets do. */
function pathBetween(from: Point, to: Point): Point[] {
  const points = [from];
  const legs = 4 + Math.floor(Math.random() * 4);
  const km = distanceKm(from, to);
  for (let i = 1; i < legs; i++) {
    const f = i / legs;
    const jitter = Math.min(0.8, km * 0.08);
    const base = { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
    points.push(offset(base, between(0, jitter)));
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

async function runTrip(driver: Session, options: Options, collaborators: Collaborators, who: string) {
  // Continue a trip left in progress (the demo data has some), or start one on an assigned route.
  const mine = await driver.call<{ response: ActiveTrip[] }>(
    "GET",
    clientPath(API.intermediateRoute.listActive),
  );
  let tripId = mine.response[0]?.id;
  if (tripId === undefined) {
    const { response: routes } = await driver.call<{ response: StartableRoute[] }>(
      "GET",
      clientPath(API.intermediateRoute.driverRoutes),
    );
    if (routes.length === 0) {
      log(who, "sin rutas asignadas activas; nada que simular");
      return false;
    }
    const route = pick(routes);
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
      : offset(SANTO_DOMINGO, between(2, 6));
  const from: Point =
    detail.lastLatitude !== null && detail.lastLongitude !== null
      ? { lat: detail.lastLatitude, lng: detail.lastLongitude }
      : offset(destination, between(5, 12));
  const path = pathBetween(from, destination);

  // Riders still expected: each is picked up somewhere on the first 60 % of the way, or cancels.
  const riders = await driver.call<TripRider[]>(
    "GET",
    `${clientPath(API.transportService.listEmployee)}?intermediateRouteId=${tripId}`,
  );
  const plan = riders
    .filter((rider) => rider.status === "Pending")
    .map((rider) => ({ rider, at: between(0.02, 0.6), cancels: Math.random() < options.cancelRate }))
    .sort((a, b) => a.at - b.at);
  const boarded: TripRider[] = riders.filter((rider) => rider.status === "Boarded");

  // Cancellations happen early, from the collaborator app.
  for (const step of plan.filter((s) => s.cancels)) {
    const account = await collaborators.account(step.rider);
    if (!account) continue;
    try {
      await account.session.call("POST", clientPath(API.transportService.cancel), {
        intermediateRouteId: tripId,
        comment: pick(CANCEL_REASONS),
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
  const kmh = between(28, 45);
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

  for (const rider of boarded) {
    if (Math.random() >= options.commentRate) continue;
    const account = await collaborators.account(rider);
    if (!account) continue;
    try {
      await account.session.call("POST", clientPath(API.intermediateRoute.comment), {
        intermediateRouteId: tripId,
        comment: pick(COMMENTS),
      });
      stats.comments++;
      log(who, `${rider.name} ${rider.lastname} comentó la ruta`);
    } catch (error) {
      stats.errors++;
      log(who, `comentario rechazado: ${(error as Error).message}`);
    }
  }
  return true;
}

async function runDriver(email: string, options: Options, collaborators: Collaborators, index: number) {
  // Spread the starts so the dashboard sees trips appear one after another.
  await sleep(index * Math.min(2000, 20_000 / options.drivers));
  const who = email;
  try {
    const driver = await new Session(options.url, email, options.password).signIn();
    for (let n = 0; n < options.trips; n++) {
      if (!(await runTrip(driver, options, collaborators, who))) return;
      if (n + 1 < options.trips) await sleep(Math.max(1000, 60_000 / options.speed));
    }
  } catch (error) {
    stats.errors++;
    log(who, `detenido: ${(error as Error).message}`);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `Simulando ${options.drivers} choferes contra ${options.url} (velocidad ×${options.speed}, ${options.trips} ruta(s) cada uno)`,
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
  await Promise.all(driverEmails.map((email, index) => runDriver(email, options, collaborators, index)));
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
