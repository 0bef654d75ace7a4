import type { APIRequestContext } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, send, tokenOf } from "./field-fixtures";
import { hhmm, type Point } from "./first-day-fixtures";
import { ACCOUNTS, identityCardOf } from "./helpers";

/** Fixtures of the bookings journey (bookings.spec.ts, issue 35). */

const MINUTE = 60_000;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

export type Person = { id: number; email: string; name: string; lastname: string; fullName: string };

/** Where Dario waits on «Paradas pasadas»' route: the stop the driver reaches. */
export const PAST_STOP: Point = { latitude: 18.4861, longitude: -69.9312 };

/** `YYYY-MM-DD` of an instant on the test's clock (the browsers' time zone). */
export function localDate(at: number) {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * What happens elsewhere, through the admin API: a shift (default cut-off, 120 minutes), and two
 * routes of it with their drivers.
 * - «Llena»: 2 seats of its own, Ana and Beto assigned; its first stop in 140 minutes, so riders may
 *   change today's booking for 20 minutes more. Carla, of the same branch office, is not assigned.
 * - «Temprana»: Dario's stop planned 8 minutes ago (the cut-off long gone): the driver finds him
 *   absent there.
 * The times are today's, so the journey needs «now − 18 min» and «now + 170 min» on the same local day
 * (from 00:18 to 21:10 in the browsers' time zone).
 */
export async function createBookingsFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const now = Date.now();
  const [branchOfficeId, supplierId] = await Promise.all([
    firstId(request, admin, API.branchOffice.listName),
    firstId(request, admin, API.supplier.listName),
  ]);
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Planta Reservas ${tag}`,
    address: "Av. Gustavo Mejía Ricart, Piantini",
    latitude: 18.4697,
    longitude: -69.9386,
  });
  const shiftName = `Reservas ${tag}`;
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId,
    name: shiftName,
    direction: "inbound",
    time: hhmm(now + 170 * MINUTE),
    dayIds: ALL_DAYS,
  });

  const person = async (index: number, name: string): Promise<Person> => {
    const data = { email: `reserva-${index}-${stamp}@e2e.treiber.app`, name, lastname: `Reserva${tag}` };
    const created = await send<{ id: number }>(request, admin, API.auth.employeeSignup, {
      ...data,
      password: PASSWORD,
      codeEmployee: `B${index}-${stamp.slice(-7)}`,
      department: "Operaciones",
      jobTitle: "Operador",
      telephone: "(809) 555-0606",
      branchOfficeId,
    });
    return { ...data, id: created.id, fullName: `${name} ${data.lastname}` };
  };
  const [ana, beto, carla, dario] = [
    await person(0, "Ana"),
    await person(1, "Beto"),
    await person(2, "Carla"),
    await person(3, "Dario"),
  ];
  const driver = async (index: number) => {
    const email = `chofer-reservas-${index}-${stamp}@e2e.treiber.app`;
    const created = await send<{ id: number }>(request, admin, API.auth.driverSignup, {
      email,
      password: PASSWORD,
      name: "Chofer",
      lastname: `Reservas${index} ${tag}`,
      identityCard: identityCardOf(),
      telephone: "(809) 555-0707",
      licenseNumber: `LIC${index}-${stamp.slice(-7)}`,
      supplierId,
      vehiclePlate: `R${index}${stamp.slice(-5)}`,
      vehicleModel: "Toyota Hiace",
      vehicleCapacity: 15,
    });
    return { id: created.id, email };
  };

  const assign = async (path: string, query: string, routeId: number) => {
    const response = await request.put(`${path}?${query}&routeId=${routeId}`, { headers: auth(admin) });
    if (response.status() !== 200) throw new Error(`${path}: ${await response.text()}`);
  };
  const route = async (
    name: string,
    firstStop: number,
    seats: number | null,
    riders: { person: Person; point: Point }[],
  ) => {
    const created = await send<{ id: number }>(request, admin, API.route.create, {
      name,
      destinationId: destination.id,
      dayIds: ALL_DAYS,
      departureTime: hhmm(firstStop - 10 * MINUTE),
      cost: 30,
      shiftId: shift.id,
      ...(seats !== null && { seats }),
    });
    const routeDriver = await driver(riders.length);
    await assign(API.driver.addRoute.path, `driverId=${routeDriver.id}`, created.id);
    for (const rider of riders)
      await assign(API.employee.addRoute.path, `employeeId=${rider.person.id}`, created.id);
    await send(request, admin, API.route.saveStops, {
      routeId: created.id,
      stops: riders.map((rider, index) => ({
        position: index + 1,
        name: `Parada ${rider.person.name} ${tag}`,
        address: null,
        ...rider.point,
        plannedTime: hhmm(firstStop + index * 5 * MINUTE),
        employeeIds: [rider.person.id],
      })),
    });
    return { id: created.id, name, driverEmail: routeDriver.email };
  };
  const full = await route(`Llena ${tag}`, now + 140 * MINUTE, 2, [
    { person: ana, point: { latitude: 18.49, longitude: -69.935 } },
    { person: beto, point: { latitude: 18.48, longitude: -69.935 } },
  ]);
  const early = await route(`Temprana ${tag}`, now - 8 * MINUTE, null, [{ person: dario, point: PAST_STOP }]);
  return { shiftName, full, early, ana, beto, carla, dario, today: localDate(now) };
}
