import { randomUUID } from "node:crypto";
import { identityCardCheckDigit, type Role } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { type AppOptions, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { type Database, openDatabase } from "../../src/db/client.js";
import { branchOffices, drivers, employees, suppliers, supplierUsers, users } from "../../src/db/schema.js";
import { hashPassword } from "../../src/modules/auth/passwords.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { openIsolatedDatabase } from "./isolated-database.js";

export const TEST_PASSWORD = "Prueba123!";

type Shared = { database: Promise<Database>; passwordHash: Promise<string> };
const globalKey = Symbol.for("treiber.test.shared");
const store = globalThis as Record<symbol, Shared | undefined>;
const shared: Shared = store[globalKey] ?? {
  database: (async () => {
    const url = process.env.TREIBER_TEST_DB_URL;
    const database = await openDatabase({ url });
    // The PostgreSQL database was migrated once by the global setup; PGlite is per worker.
    if (!url) await database.migrate();
    return database;
  })(),
  passwordHash: hashPassword(TEST_PASSWORD),
};
store[globalKey] = shared;

/** The worker's database: in-memory PGlite, or the PostgreSQL test database of TEST_DATABASE_URL. */
export const testDatabase = () => shared.database;

/**
 * Runs the calling test file on a database of its own (call it first, at the file's top level):
 * for global state such as the chain of cuts, which tile time across the whole database. The
 * worker's shared database comes back after the file. With `postgres` it is always a database on
 * the PostgreSQL server (POSTGRES_SERVER_URL), in the PGlite run too.
 */
export function useOwnTestDatabase(options: { postgres?: boolean } = {}) {
  let previous: Promise<Database> | undefined;
  let own: Awaited<ReturnType<typeof openIsolatedDatabase>> | undefined;
  beforeAll(async () => {
    own = await openIsolatedDatabase(options);
    previous = shared.database;
    shared.database = Promise.resolve(own);
  });
  afterAll(async () => {
    if (previous) shared.database = previous;
    await own?.dispose();
  });
  return {
    /** The PostgreSQL URL of the file's database (undefined on PGlite), for a second connection. */
    url: () => own?.url,
  };
}

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    DATA_DIR: "/tmp/treiber-test-data",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    FIELD_DIST_DIR: "/nonexistent-field-dist",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

/**
 * A fresh app on the shared test database: its own sign-in throttle (that never slows 127.0.0.1
 * down) and password limits unless given, and the branch offices on UTC unless given.
 */
export async function buildTestApp(
  options: Partial<
    Pick<AppOptions, "throttle" | "limits" | "attempts" | "config" | "branchOfficeOffsetAt">
  > = {},
) {
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database: await testDatabase(),
    logger: false,
    // The branch offices on UTC whatever the machine's zone (`TZ`), unless a test says otherwise.
    branchOfficeOffsetAt: options.branchOfficeOffsetAt ?? (() => 0),
    throttle: options.throttle ?? createSignInThrottle({ ip: { free: 10_000 }, store: options.attempts }),
    ...(options.limits && { limits: options.limits }),
    ...(options.attempts && { attempts: options.attempts }),
  });
  await app.ready();
  return app;
}

export const unique = (prefix = "t") => `${prefix}${randomUUID().replaceAll("-", "").slice(0, 12)}`;
export const uniqueEmail = () => `${unique("u")}@prueba.do`;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
/** A random cédula with a right check digit (identityCardSchema checks it). */
export const uniqueIdentityCard = () => {
  const firstTen = digits(10);
  return `${firstTen.slice(0, 3)}-${firstTen.slice(3)}-${identityCardCheckDigit(firstTen)}`;
};

export async function createBranchOffice(values: Partial<typeof branchOffices.$inferInsert> = {}) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(branchOffices)
    .values({ name: unique("Sucursal "), address: "Av. 27 de Febrero 100, Santo Domingo", ...values })
    .returning();
  if (!row) throw new Error("no branch office");
  return row;
}

export async function createSupplier(values: Partial<typeof suppliers.$inferInsert> = {}) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(suppliers)
    .values({ name: unique("Transporte "), rnc: digits(9), telephone: "(809) 555-1234", ...values })
    .returning();
  if (!row) throw new Error("no supplier");
  return row;
}

/**
 * A user with its employee (or driver, for role Driver; or supplier user, for role Supplier, of
 * `supplierId` or a new supplier) record, password TEST_PASSWORD.
 */
export async function createUser(
  options: {
    role?: Role;
    status?: "active" | "inactive";
    email?: string;
    mustChangePassword?: boolean;
    supplierId?: number;
  } = {},
) {
  const { db } = await testDatabase();
  const role = options.role ?? "Collaborator";
  const email = options.email ?? uniqueEmail();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await shared.passwordHash,
      role,
      status: options.status ?? "active",
      mustChangePassword: options.mustChangePassword ?? false,
    })
    .returning();
  if (!user) throw new Error("no user");
  if (role === "Driver") {
    const supplier = await createSupplier();
    await db.insert(drivers).values({
      userId: user.id,
      supplierId: supplier.id,
      name: "Juan",
      lastname: "Pérez",
      identityCard: uniqueIdentityCard(),
      codeQr: unique("qr"),
    });
  } else if (role === "Supplier") {
    const supplierId = options.supplierId ?? (await createSupplier()).id;
    await db
      .insert(supplierUsers)
      .values({ userId: user.id, supplierId, name: "Ana", lastname: "Suplidora" });
  } else {
    const office = await createBranchOffice();
    await db.insert(employees).values({
      userId: user.id,
      codeEmployee: unique("E"),
      name: "María",
      lastname: "Rodríguez",
      jobTitle: "Analista",
      department: "Operaciones",
      branchOfficeId: office.id,
      codeQr: unique("qr"),
    });
  }
  return { ...user, password: TEST_PASSWORD };
}

export type SignedIn = {
  userId: number;
  token: string;
  refreshToken: string;
  /** The bearer token and, as the apps always send it, the `GMT` header (UTC). */
  headers: { authorization: string; gmt: string };
};

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: API.auth.signIn.path,
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign in failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return {
    userId: body.userId,
    token: body.token,
    refreshToken: body.refreshToken,
    headers: { authorization: `Bearer ${body.token}`, gmt: "0" },
  };
}

/** A new user of that role, signed in. */
export async function signedInAs(app: FastifyInstance, role: Role) {
  const user = await createUser({ role });
  return { user, ...(await signIn(app, user.email)) };
}

/** `GET /api/v1/{path}` as `session` in the caller's `gmt` offset: expects 200, returns the JSON. */
export async function getOk(app: FastifyInstance, session: SignedIn, path: string, gmt: number | string = 4) {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/${path}`,
    headers: { ...session.headers, gmt: String(gmt) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
