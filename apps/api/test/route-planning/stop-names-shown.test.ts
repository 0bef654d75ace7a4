import type { PlanningProposal } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeStops } from "../../src/db/schema.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { addDrivers, addRiders, createShift } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

/**
 * Issue 33, part 8: stops named without a home. A stop is shared and shown to every co-rider and
 * the driver: its name is the street without the house number, else a landmark, else «Parada N»,
 * and Treiber App shows stored stops the same way.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const send = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn = admin, payload?: object) =>
  app.inject({ method, url, headers: { ...session.headers, gmt: "0" }, ...(payload ? { payload } : {}) });

/**
 * A point of its own, 4–7 km north and ±2 km east of the workplace (no other test's landmark near):
 * close enough together that one bus takes all three places within the longest ride (spread over
 * 13 km, a rider could be left unassigned and the test had nothing to look at).
 */
const somewhere = () => near(4 + Math.random() * 3, -2 + Math.random() * 4);

/** Today's ISO day (1 = Lunes … 7 = Domingo) in UTC, the `GMT: 0` of these calls. */
const isoToday = () => {
  const day = new Date().getUTCDay();
  return day === 0 ? 7 : day;
};

describe("Planning/propose and apply: stops named without a home", () => {
  it("a shared stop takes the street of its place without the number; else a landmark; else «Parada N»", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const corner = somewhere();
    const beside = (metres: number) => ({
      latitude: corner.latitude + metres / 111_195,
      longitude: corner.longitude,
    });
    const neighbours = [
      await createRider(office.id, beside(0), { address: "Calle El Sol #123, Apto 4B, Los Jardines" }),
      await createRider(office.id, beside(60), { address: "Calle El Sol No. 187, Los Jardines" }),
      await createRider(office.id, beside(120), { address: "Calle El Sol 245, Casa 7, Los Jardines" }),
    ];
    // The other two places stay 1 km either side of the corner: a random place within the walk of the
    // corner joined its stop (four riders, not three) in about one run in twenty.
    const landmarkPoint = { latitude: corner.latitude, longitude: corner.longitude + 1 / 111 };
    const landmark = await createDestination({ name: unique("Plaza "), ...landmarkPoint });
    const byLandmark = await createRider(office.id, landmarkPoint, { address: "#14, Apto 2" });
    const nowhere = await createRider(
      office.id,
      { latitude: corner.latitude, longitude: corner.longitude - 1 / 111 },
      { address: null },
    );
    const driver = await createVehicleDriver(10);
    const response = await send("POST", API.planning.propose.path, admin, {
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: [...neighbours, byLandmark, nowhere].map((rider) => rider.id),
      driverIds: [driver.id],
      walkRadiusMeters: 300,
      seconds: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const proposal: PlanningProposal = response.json();
    const stops = proposal.routes.flatMap((route) => route.stops);
    expect(proposal.unassigned, "one bus takes all five riders").toEqual([]);
    const shared = stops.find((stop) => stop.employeeIds.length === 3);
    expect(shared).toMatchObject({ name: "Calle El Sol", address: "Calle El Sol, Los Jardines" });
    expect(stops.find((stop) => stop.employeeIds.includes(byLandmark.id))).toMatchObject({
      name: `Cerca de ${landmark.name}`,
      address: null,
    });
    expect(stops.find((stop) => stop.employeeIds.includes(nowhere.id))?.name).toMatch(/^Parada \d+$/);
    for (const stop of stops) {
      // The landmark's own name is random hex (it may hold "14"): only what is left is checked.
      const ownName = stop.name.replace(landmark.name, "");
      for (const house of ["123", "187", "245", "4B", "14", "Apto", "Casa"]) {
        expect(ownName).not.toContain(house);
        expect(stop.address ?? "").not.toContain(house);
      }
    }
  });

  it("apply writes what a client sends without the house number", async () => {
    const { office, shift, workplace } = await planningSetting({ calibrated: true });
    const rider = await createRider(office.id, near(5));
    const driver = await createVehicleDriver(10);
    const context = (
      await send("GET", `${API.planning.context.path}?shiftId=${shift.id}&destinationId=${workplace.id}`)
    ).json();
    const applied = await send("POST", API.planning.apply.path, admin, {
      shiftId: shift.id,
      destinationId: workplace.id,
      dayIds: [1],
      version: context.version,
      routes: [
        {
          routeId: null,
          name: unique("Ruta "),
          driverId: driver.id,
          seats: 10,
          stops: [
            {
              name: "Av. Sarasota #45, Apto 3",
              address: "Av. Sarasota #45, Apto 3, Bella Vista",
              ...near(5),
              employeeIds: [rider.id],
            },
          ],
        },
      ],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const { db } = await testDatabase();
    const [stored] = await db
      .select({ name: routeStops.name, address: routeStops.address })
      .from(routeStops)
      .where(eq(routeStops.routeId, applied.json().routeIds[0]));
    expect(stored).toEqual({ name: "Av. Sarasota", address: "Av. Sarasota, Bella Vista" });
  });
});

describe("Treiber App shows stored stops without a home", () => {
  it("the driver's «Hoy», the rider's «Mis rutas» and Route/stops for the driver: no house number; the admin sees what was typed", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app, { name: "Ana" });
    const beto = await signedInCollaborator(app, { name: "Beto" });
    const shift = await createShift({ direction: "inbound", time: "08:00" });
    const destination = await createDestination({ latitude: 18.4697, longitude: -69.9386 });
    const route = await createRoute({
      destinationId: destination.id,
      shiftId: shift.id,
      dayIds: [isoToday()],
    });
    await addDrivers(route.id, [driver.driver.id]);
    await addRiders(route.id, [ana.employee.id, beto.employee.id]);
    // Stops saved before issue 33 (or typed by an admin) with a rider's home in them.
    const saved = await send("PUT", API.route.saveStops.path, admin, {
      routeId: route.id,
      stops: [
        {
          position: 1,
          name: "Calle Las Carreras #58",
          address: "Calle Las Carreras #58, Apto 2C, Naco",
          latitude: 18.4831,
          longitude: -69.9467,
          plannedTime: "07:10",
          employeeIds: [ana.employee.id, beto.employee.id],
        },
        {
          position: 2,
          name: "#12",
          address: null,
          latitude: 18.4765,
          longitude: -69.9312,
          plannedTime: "07:30",
          employeeIds: [],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const safe = [
      { name: "Calle Las Carreras", address: "Calle Las Carreras, Naco" },
      { name: "Parada 2", address: null },
    ];

    const today = await send("GET", API.intermediateRoute.today.path, driver.session);
    expect(today.statusCode, today.body).toBe(200);
    const mine = (today.json().response as { routeId: number | null; stops: object[] }[]).find(
      (item) => item.routeId === route.id,
    );
    expect(mine?.stops).toMatchObject(safe);

    for (const rider of [ana, beto]) {
      const routes = (await send("GET", API.employee.myRoutes.path, rider.session)).json().response as {
        routeId: number | null;
        stop: object | null;
      }[];
      expect(routes.find((item) => item.routeId === route.id)?.stop).toMatchObject(safe[0] as object);
    }

    const url = API.route.stops.path.replace("{routeId}", String(route.id));
    const forDriver = await send("GET", url, driver.session);
    expect(forDriver.statusCode, forDriver.body).toBe(200);
    expect(forDriver.json().stops).toMatchObject(safe);
    const forAdmin = await send("GET", url);
    expect(forAdmin.json().stops).toMatchObject([
      { name: "Calle Las Carreras #58", address: "Calle Las Carreras #58, Apto 2C, Naco" },
      { name: "#12" },
    ]);
  });
});
