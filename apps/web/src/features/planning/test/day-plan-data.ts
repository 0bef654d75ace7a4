import type { DayPlanProposal, DayPlanResponse } from "@treiber/contract";
import { at, PARAMS, route, stop } from "./planning-data";

/**
 * The plan of the day of 2030-06-04: the standing Ruta Norte (1), Ruta Sur (2) and Ruta Este (3);
 * that day Ruta Norte carries everyone who rides, Ruta Sur and Ruta Este are released.
 */
export function dayProposal(overrides: Partial<DayPlanProposal> = {}): DayPlanProposal {
  const norte = route({
    key: "d1",
    routeId: 1,
    name: "Ruta Norte",
    stops: [stop("a", at(9), [11]), stop("b", at(3), [13])],
  });
  return {
    date: "2030-06-04",
    params: PARAMS,
    riders: 2,
    waitlistedSeated: 0,
    standing: {
      routes: [
        norte,
        route({ key: "s2", routeId: 2, name: "Ruta Sur", stops: [stop("c", at(3), [13])] }),
        route({ key: "s3", routeId: 3, name: "Ruta Este", stops: [stop("e", at(4, 2), [12])] }),
      ],
      totals: {
        vehicles: 3,
        riders: 3,
        km: 30.4,
        seatFill: 0.25,
        longestRideMinutes: 30,
        cost: 150,
        co2Kg: 24.3,
      },
    },
    day: {
      routes: [norte],
      totals: {
        vehicles: 1,
        riders: 2,
        km: 12.1,
        seatFill: 0.5,
        longestRideMinutes: 34,
        cost: 50,
        co2Kg: 9.7,
      },
    },
    released: [
      { routeId: 2, name: "Ruta Sur", driverName: "Chofer2 García", vehiclePlate: "P2" },
      { routeId: 3, name: "Ruta Este", driverName: null, vehiclePlate: "P3" },
    ],
    moved: [
      {
        employeeId: 11,
        name: "Nombre11",
        lastname: "Apellido11",
        before: "07:20",
        after: "07:17",
        minutes: -3,
        routeNameBefore: "Ruta Norte",
        routeNameAfter: "Ruta Norte",
      },
      {
        employeeId: 13,
        name: "Nombre13",
        lastname: "Apellido13",
        before: "07:40",
        after: "07:48",
        minutes: 8,
        routeNameBefore: "Ruta Sur",
        routeNameAfter: "Ruta Norte",
      },
    ],
    unassigned: [{ employeeId: 15, name: "Nombre15", lastname: "Apellido15", reason: "Sin ubicación" }],
    version: "d1",
    seconds: 0.8,
    applied: null,
    ...overrides,
  };
}

/** GET Planning/day's answer: the plan of that date applied by an admin. */
export function appliedDayPlan(): DayPlanResponse {
  const proposal = dayProposal();
  return {
    dayPlan: {
      id: 40,
      date: proposal.date,
      source: "admin",
      appliedAt: "2030-06-03T22:05:00.000Z",
      appliedBy: "Ana Pérez",
      routes: proposal.day.routes,
      released: proposal.released.map(({ routeId, name }) => ({ routeId, name })),
      standing: proposal.standing.totals,
      day: proposal.day.totals,
    },
  };
}
