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

/** `YYYY-MM-DD` of an instant on the test's clock (the browsers' and the server's zone). */
export function localDate(at: number) {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar date after `date` (noon-based: no daylight-saving edge). */
function nextDate(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return localDate(new Date(year, month - 1, day + 1, 12).getTime());
}

/**
 * When the journey's two runs are, from `now` (the test's clock: America/Santo_Domingo, the zone of
 * the browsers and of the server's branch offices, see the config), at any hour of the day. The
 * service date of a run follows the API's rule (decision 0064): an Entrada setting off later in the
 * day than its shift's time does so the evening before the shift's day.
 * - «Llena»: sets off in 140 minutes (`full`), on tomorrow's service date whatever the hour: while
 *   that is still today its shift is at 00:00 (a midnight shift, riders picked up the day before);
 *   once it falls after midnight the shift is 30 minutes after it. No stops: a stop must lie within
 *   the 12 hours before an Entrada shift, which a run 140 minutes away on tomorrow's date cannot
 *   before noon; the route's departure times it. Cut-off: 120 minutes before it, 20 minutes from
 *   now, so the riders' changes and the promotion all happen before it.
 * - «Temprana»: Dario's stop 8 minutes ago (`early`) on a shift 30 minutes after it: its service date
 *   is the date of that shift, today (or tomorrow from 23:38), and the stop plus the 2-minute wait
 *   is long past when the driver marks him absent.
 */
export function journeyTimes(now: number) {
  const full = now + 140 * MINUTE;
  const tomorrow = nextDate(localDate(now));
  const early = now - 8 * MINUTE;
  return {
    full,
    fullShiftTime: localDate(full) === localDate(now) ? "00:00" : hhmm(full + 30 * MINUTE),
    tomorrow,
    early,
    earlyShiftTime: hhmm(early + 30 * MINUTE),
    earlyDate: localDate(early + 30 * MINUTE),
  };
}

/**
 * What happens elsewhere, through the admin API: two shifts of the branch office (default cut-off,
 * 120 minutes) with a route each and its driver (times: `journeyTimes`).
 * - «Llena» (`shiftName`): 2 seats of its own, Ana and Beto assigned, tomorrow's run setting off in
 *   140 minutes: riders may change tomorrow's booking for 20 minutes more. Carla, of the same branch
 *   office, is not assigned.
 * - «Temprana» (`earlyShiftName`): Dario's stop planned 8 minutes ago (the cut-off long gone): the
 *   driver finds him absent there.
 */
export async function createBookingsFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const times = journeyTimes(Date.now());
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
  const newShift = (name: string, time: string) =>
    send<{ id: number }>(request, admin, API.shift.create, {
      branchOfficeId,
      name,
      direction: "inbound",
      time,
      dayIds: ALL_DAYS,
    });
  const shiftName = `Reservas ${tag}`;
  const earlyShiftName = `Reservas temprano ${tag}`;
  const shift = await newShift(shiftName, times.fullShiftTime);
  const earlyShift = await newShift(earlyShiftName, times.earlyShiftTime);

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
  /** A route setting off at `start`, its riders at stops 5 minutes apart from it (`point`), or none. */
  const route = async (
    name: string,
    shiftId: number,
    start: number,
    seats: number | null,
    riders: { person: Person; point?: Point }[],
  ) => {
    const created = await send<{ id: number }>(request, admin, API.route.create, {
      name,
      destinationId: destination.id,
      dayIds: ALL_DAYS,
      departureTime: hhmm(start),
      cost: 30,
      shiftId,
      ...(seats !== null && { seats }),
    });
    const routeDriver = await driver(riders.length);
    await assign(API.driver.addRoute.path, `driverId=${routeDriver.id}`, created.id);
    for (const rider of riders)
      await assign(API.employee.addRoute.path, `employeeId=${rider.person.id}`, created.id);
    const stops = riders.flatMap((rider, index) =>
      rider.point
        ? [
            {
              position: index + 1,
              name: `Parada ${rider.person.name} ${tag}`,
              address: null,
              ...rider.point,
              plannedTime: hhmm(start + index * 5 * MINUTE),
              employeeIds: [rider.person.id],
            },
          ]
        : [],
    );
    if (stops.length > 0) await send(request, admin, API.route.saveStops, { routeId: created.id, stops });
    return { id: created.id, name, driverEmail: routeDriver.email };
  };
  const full = await route(`Llena ${tag}`, shift.id, times.full, 2, [{ person: ana }, { person: beto }]);
  const early = await route(`Temprana ${tag}`, earlyShift.id, times.early, null, [
    { person: dario, point: PAST_STOP },
  ]);
  return {
    shiftName,
    earlyShiftName,
    full,
    early,
    ana,
    beto,
    carla,
    dario,
    tomorrow: times.tomorrow,
    earlyDate: times.earlyDate,
  };
}
