import type { BookingManifestResponse, ManifestItem, TripRider } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it } from "vitest";
import type { QueuedAction } from "../../../shared/outbox/field-action";
import type { ShownRider } from "./local-trip";
import { applyBookings, tripServiceDate } from "./trip-bookings";
import { pendingRiders } from "./trip-riders";

const rider = (employeeId: number, name: string, status: TripRider["status"] = "Pending"): ShownRider => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
  department: null,
  jobTitle: null,
  status,
  scannedDate: status === "Boarded" ? "2026-11-30T10:40:00.000Z" : null,
  canceledDate: null,
  comment: null,
  unsent: false,
  codeQrHash: null,
});

const item = (
  employeeId: number,
  name: string,
  status: ManifestItem["status"],
  reason: string | null = null,
): ManifestItem => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
  stopName: "Parque",
  status,
  waitlistPosition: null,
  plannedTime: "06:40",
  assigned: true,
  reason,
  changedAt: null,
  changedBy: null,
  changedByAdmin: false,
});

const manifest = (list: ManifestItem[]): BookingManifestResponse => ({
  routeId: 1,
  routeName: "Naco 1",
  date: "2026-11-30",
  shiftName: "Mañana",
  confirmationRequired: false,
  cutoffAt: "2026-11-30T08:40:00.000Z",
  seats: 40,
  confirmed: 0,
  waitlisted: 0,
  cancelled: 0,
  noShow: 0,
  ridden: 0,
  list,
});

const key = { id: 7, ref: null };
const noShow = (employeeId: number, intermediateRouteId = 7): QueuedAction => ({
  id: `n-${employeeId}`,
  method: "PUT",
  path: clientPath(API.transportService.noShow),
  body: {
    employeeId,
    intermediateRouteId,
    latitude: 18.47,
    longitude: -69.9,
    recordedAt: "2026-11-30T10:45:00.000Z",
  },
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
});

describe("the driver's list with the day's bookings", () => {
  const riders = [rider(1, "Ana"), rider(2, "Beto"), rider(3, "Carla", "Boarded"), rider(4, "Dora")];

  it("expects only confirmed riders: who cancelled is folded as «No viaja», with the reason", () => {
    const day = manifest([
      item(1, "Ana", "CONFIRMED"),
      item(2, "Beto", "CANCELLED", "Vacaciones"),
      item(3, "Carla", "RIDDEN"),
      item(4, "Dora", "CANCELLED", "Sin confirmar"),
    ]);
    const { riders: shown, notRiding } = applyBookings(riders, day, { actions: [], recent: [] }, key, 1);
    expect(shown.map((one) => one.name)).toEqual(["Ana", "Carla"]);
    expect(notRiding.map((one) => [one.name, one.reason])).toEqual([
      ["Beto", "Vacaciones"],
      ["Dora", "Sin confirmar"],
    ]);
    // The End confirmation and «Abordar sin QR» only name who is still expected.
    expect(pendingRiders(shown).map((one) => one.name)).toEqual(["Ana"]);
  });

  it("keeps a rider who cancelled but boarded anyway, and adds a rider with a seat asked on this route", () => {
    const day = manifest([
      item(3, "Carla", "CANCELLED"),
      { ...item(9, "Iris", "CONFIRMED"), assigned: false },
    ]);
    const { riders: shown, notRiding } = applyBookings(riders, day, { actions: [], recent: [] }, key, 1);
    expect(shown.map((one) => one.name)).toEqual(["Ana", "Beto", "Carla", "Dora", "Iris"]);
    expect(shown.at(-1)).toMatchObject({ status: "Pending", seat: true });
    expect(notRiding).toEqual([]);
  });

  it("shows «Ausente» from the server, and from a mark waiting on the phone (unsent), out of the expected", () => {
    const day = manifest([item(1, "Ana", "NO_SHOW"), item(2, "Beto", "CONFIRMED")]);
    const outbox = { actions: [noShow(2), noShow(4, 99)], recent: [] };
    const { riders: shown } = applyBookings(riders, day, outbox, key, 1);
    expect(shown.map((one) => [one.name, one.noShow])).toEqual([
      ["Ana", "recorded"],
      ["Beto", "unsent"],
      ["Carla", undefined],
      // A mark of another trip does not count here.
      ["Dora", undefined],
    ]);
    expect(pendingRiders(shown).map((one) => one.name)).toEqual(["Dora"]);
  });

  it("leaves the list as it is without the day's bookings", () => {
    const { riders: shown, notRiding } = applyBookings(
      riders,
      undefined,
      { actions: [], recent: [] },
      key,
      null,
    );
    expect(shown).toEqual(riders);
    expect(notRiding).toEqual([]);
  });

  it("dates a trip by its nearest planned start, also across midnight", () => {
    const local = (day: number, hours: number, minutes = 0) =>
      new Date(2026, 10, day, hours, minutes).toISOString();
    expect(tripServiceDate(local(30, 6, 5), "06:40")).toBe("2026-11-30");
    // A 23:50 route started at 00:10 is the previous day's trip.
    expect(tripServiceDate(local(30, 0, 10), "23:50")).toBe("2026-11-29");
    expect(tripServiceDate(local(29, 23, 40), "00:05")).toBe("2026-11-30");
    expect(tripServiceDate(local(30, 9, 0), null)).toBe("2026-11-30");
  });
});
