import { randomUUID } from "node:crypto";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { employees, incidents, transportServices } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import type { PushSender } from "../../src/modules/push/push-sender.js";
import { insertTrip, signedInDriver } from "../helpers/operation-factories.js";
import { createShift } from "../helpers/plan-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import {
  createBranchOffice,
  createUser,
  type SignedIn,
  signIn,
  testConfig,
  testDatabase,
} from "../helpers/test-app.js";

/** The server's clock, moved by hand (never a sleep). */
export type Clock = { now: number };

/**
 * A real app on a free port of 127.0.0.1 whose SOS and incidents read `clock`, the branch offices
 * on UTC; `config` overrides (SMTP_URL) and a push sender for the local push service.
 */
export async function startSosApp(
  clock: Clock,
  options: { config?: Record<string, string>; push?: PushSender } = {},
) {
  const app = await buildApp({
    config: testConfig(options.config ?? {}),
    database: await testDatabase(),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    branchOfficeOffsetAt: () => 0,
    incidents: { now: () => clock.now },
    ...(options.push && { push: options.push }),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** A branch office with its emergency contacts. */
export async function officeWithContacts(emails: string[] = []) {
  return createBranchOffice({ emergencyPhone: "(809) 555-0911", emergencyEmails: emails });
}

/** A signed-in user (employee of `branchOfficeId` for the employee roles) with name and phone. */
export async function personOf(
  app: FastifyInstance,
  role: "Collaborator" | "Admin" | "SuperAdmin",
  branchOfficeId: number,
  name = "Ana",
) {
  const { db } = await testDatabase();
  const user = await createUser({ role });
  const [employee] = await db
    .update(employees)
    .set({ branchOfficeId, name, lastname: "Féliz", telephone: "(809) 555-2020" })
    .where(eq(employees.userId, user.id))
    .returning();
  if (!employee) throw new Error("no employee");
  const session: SignedIn = await signIn(app, user.email);
  return { user, employee, session };
}

/**
 * A trip of a new driver on a route of `branchOfficeId`, started an hour before `at`: running, or
 * ended `endedMinutesAgo` before `at`; `riders` boarded it.
 */
export async function tripOf(
  app: FastifyInstance,
  options: { branchOfficeId: number; at: number; endedMinutesAgo?: number; riders?: number[] },
) {
  const { db } = await testDatabase();
  const shift = await createShift({ branchOfficeId: options.branchOfficeId });
  const route = await createRoute({ shiftId: shift.id });
  const driver = await signedInDriver(app, { name: "Luis", lastname: "Soto" });
  const trip = await insertTrip({
    driverId: driver.driver.id,
    supplierId: driver.driver.supplierId,
    routeId: route.id,
    startedAt: new Date(options.at - 60 * 60_000),
    endedAt:
      options.endedMinutesAgo === undefined ? null : new Date(options.at - options.endedMinutesAgo * 60_000),
  });
  for (const employeeId of options.riders ?? []) {
    await db.insert(transportServices).values({
      intermediateRouteId: trip.id,
      employeeId,
      status: "Boarded",
      scannedAt: new Date(options.at - 50 * 60_000),
    });
  }
  return { route, trip, driver };
}

/** An SOS body at `at` (the phone's time), with a fresh actionId unless given. */
export const sosBody = (at: number, extra: Record<string, unknown> = {}) => ({
  latitude: 18.47,
  longitude: -69.91,
  accuracy: 12,
  recordedAt: new Date(at).toISOString(),
  actionId: randomUUID(),
  ...extra,
});

export const raiseSos = (app: FastifyInstance, session: SignedIn, body: object) =>
  app.inject({ method: "POST", url: API.sos.raise.path, headers: session.headers, payload: body });

/** The incident row of an id. */
export async function incidentRow(id: number) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
  if (!row) throw new Error("no incident");
  return row;
}

/** The person's SOS incidents (oldest first). */
export async function sosOf(userId: number) {
  const { db } = await testDatabase();
  const rows = await db.select().from(incidents).where(eq(incidents.personUserId, userId));
  return rows.sort((a, b) => a.id - b.id);
}
