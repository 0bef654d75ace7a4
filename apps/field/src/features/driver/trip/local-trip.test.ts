import type { TodayRoute, TripDetail } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it } from "vitest";
import type { QueuedAction } from "../../../shared/outbox/field-action";
import { showToday } from "../show-today";
import { showTrip, tripOfOfflineStart } from "./local-trip";

const route: TodayRoute = {
  routeId: 3,
  routeNotScheduledId: null,
  name: "Ruta Norte",
  description: null,
  destinationName: "Zona Franca",
  destinationLatitude: null,
  destinationLongitude: null,
  departureTime: "07:00",
  scheduledDate: null,
  state: "Pendiente",
  intermediateRouteId: null,
  amountRiders: 2,
  riders: [
    { id: 10, name: "Ana", lastname: "Peña", codeEmployee: "E-10", image: null, codeQrHash: "h10" },
    { id: 11, name: "Luis", lastname: "Mota", codeEmployee: "E-11", image: null, codeQrHash: "h11" },
  ],
  direction: null,
  stops: [],
  serviceDate: "2026-11-30",
};

let seq = 0;
const queued = (action: Partial<QueuedAction> & Pick<QueuedAction, "path" | "body">): QueuedAction => {
  seq += 1;
  return {
    method: "POST",
    id: `a-${seq}`,
    createdAt: Date.parse("2026-11-26T11:00:00Z") + seq,
    attempts: 0,
    nextAttemptAt: 0,
    ...action,
  };
};

const start = queued({
  id: "start-1",
  method: "PUT",
  path: clientPath(API.intermediateRoute.start),
  body: { routeId: 3, startedAt: "2026-11-26T11:00:00.000Z" },
});

describe("a trip as the phone shows it", () => {
  it("starts offline with the route's riders pending, at the phone's time", () => {
    const trip = tripOfOfflineStart(route, start);
    expect(trip.status).toBe("InProgress");
    expect(trip.startedDate).toBe("2026-11-26T11:00:00.000Z");
    expect(trip.riders.map((rider) => [rider.employeeId, rider.status])).toEqual([
      [10, "Pending"],
      [11, "Pending"],
    ]);
  });

  it("applies queued scans, manual boardings and the End at once, marked unsent", () => {
    const base = tripOfOfflineStart(route, start);
    const key = { id: null, ref: "start-1" };
    const actions = [
      queued({
        path: clientPath(API.transportService.scan),
        tripRef: "start-1",
        local: { employeeId: 10 },
        body: { scannedAt: "2026-11-26T11:05:00.000Z" },
      }),
      queued({
        path: clientPath(API.transportService.manual),
        tripRef: "start-1",
        body: { employeeId: 11, reason: "Sin teléfono" },
      }),
      queued({
        method: "PUT",
        path: clientPath(API.intermediateRoute.end),
        tripRef: "start-1",
        body: { endedAt: "2026-11-26T11:40:00.000Z" },
      }),
      // Another trip's scan changes nothing here.
      queued({
        path: clientPath(API.transportService.scan),
        tripRef: "other",
        local: { employeeId: 10 },
        body: {},
      }),
    ];
    const shown = showTrip(base, key, { actions, recent: [] }, null, new Map([[10, "h10"]]));
    expect(shown.status).toBe("Finished");
    expect(shown.endedDate).toBe("2026-11-26T11:40:00.000Z");
    expect(shown.endUnsent).toBe(true);
    expect(
      shown.riders.map((rider) => [rider.employeeId, rider.status, rider.boardingMethod, rider.unsent]),
    ).toEqual([
      [10, "Boarded", "qr", true],
      [11, "Boarded", "manual", true],
    ]);
    expect(shown.riders[0]?.scannedDate).toBe("2026-11-26T11:05:00.000Z");
    expect(shown.riders[0]?.codeQrHash).toBe("h10");
  });

  it("keeps showing what the server took after the last fetch, and only that", () => {
    const base: TripDetail = { ...tripOfOfflineStart(route, start), id: 7 };
    const scan = queued({
      path: clientPath(API.transportService.scan),
      local: { employeeId: 10 },
      body: { intermediateRouteId: 7 },
    });
    const fetchedAt = 1_000;
    const before = showTrip(
      base,
      { id: 7, ref: null },
      { actions: [], recent: [{ action: scan, sentAt: 500 }] },
      fetchedAt,
    );
    expect(before.riders[0]?.status).toBe("Pending");
    const after = showTrip(
      base,
      { id: 7, ref: null },
      { actions: [], recent: [{ action: scan, sentAt: 1_500 }] },
      fetchedAt,
    );
    expect(after.riders[0]).toMatchObject({ status: "Boarded", unsent: false });
  });
});

describe("Hoy as the phone shows it", () => {
  it("shows a route started offline in progress, then finished by a queued End", () => {
    const end = queued({
      method: "PUT",
      path: clientPath(API.intermediateRoute.end),
      tripRef: "start-1",
      body: {},
    });
    const [started] = showToday([route], { actions: [start], recent: [], trips: {} }, null);
    expect(started).toMatchObject({
      state: "En curso",
      startRef: "start-1",
      intermediateRouteId: null,
      unsent: true,
    });
    const [ended] = showToday([route], { actions: [start, end], recent: [], trips: {} }, null);
    expect(ended?.state).toBe("Finalizada");
  });

  it("uses the trip id once the server took the Start", () => {
    const [shown] = showToday(
      [route],
      { actions: [], recent: [{ action: start, sentAt: 2_000 }], trips: { "start-1": 42 } },
      1_000,
    );
    expect(shown).toMatchObject({ state: "En curso", intermediateRouteId: 42, unsent: false });
  });
});
