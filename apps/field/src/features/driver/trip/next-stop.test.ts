import type { TodayStop } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { arrangeStops, nextStopIndex } from "./next-stop";

const stop = (position: number, plannedTime: string, employeeIds: number[] = []): TodayStop => ({
  position,
  name: `Parada ${position}`,
  address: null,
  latitude: 18.48,
  longitude: -69.93,
  plannedTime,
  employeeIds,
});
/** A local time today (the phone's clock, as the screen uses). */
const at = (hhmm: string, dayOffset = 0) =>
  new Date(2026, 10, 26 + dayOffset, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
const pending = (employeeId: number) => ({ employeeId, status: "Pending" as const });
const boarded = (employeeId: number) => ({ employeeId, status: "Boarded" as const });
const canceled = (employeeId: number) => ({ employeeId, status: "Canceled" as const });

const morning = [stop(1, "06:30", [1, 2]), stop(2, "06:42", [3]), stop(3, "07:00", [4])];

describe("next stop: Entrada (riders board at the stops)", () => {
  it("is the first stop, in order, with a rider still pending", () => {
    const options = { direction: "inbound" as const, now: at("06:20"), startedAt: at("06:00") };
    const riders = [pending(1), pending(2), pending(3), pending(4)];
    expect(nextStopIndex(morning, riders, options)).toBe(0);
    // The clock says nothing while riders are waiting: late or early, the riders decide.
    const late = { ...options, now: at("07:30") };
    expect(nextStopIndex(morning, riders, late)).toBe(0);
  });

  it("moves on once every rider of a stop boarded or cancelled", () => {
    const options = { direction: "inbound" as const, now: at("06:35"), startedAt: at("06:00") };
    expect(nextStopIndex(morning, [boarded(1), pending(2), pending(3), pending(4)], options)).toBe(0);
    expect(nextStopIndex(morning, [boarded(1), canceled(2), pending(3), pending(4)], options)).toBe(1);
    // A rider of a later stop who boarded early changes nothing before it.
    expect(nextStopIndex(morning, [boarded(1), boarded(2), pending(3), boarded(4)], options)).toBe(1);
    expect(nextStopIndex(morning, [boarded(1), boarded(2), boarded(3), pending(4)], options)).toBe(2);
  });

  it("with nobody pending, follows the clock", () => {
    const everyone = [boarded(1), boarded(2), boarded(3), canceled(4)];
    const options = { direction: "inbound" as const, startedAt: at("06:00") };
    expect(nextStopIndex(morning, everyone, { ...options, now: at("06:40") })).toBe(1);
    expect(nextStopIndex(morning, everyone, { ...options, now: at("07:20") })).toBe(2);
  });
});

describe("next stop: Salida or no shift (by planned time)", () => {
  const evening = [stop(1, "17:20", [1]), stop(2, "17:45", [2]), stop(3, "18:05", [3])];
  const riders = [boarded(1), boarded(2), boarded(3)];

  it("is the first stop whose planned time is not before now (the same minute counts as ahead)", () => {
    const options = { direction: "outbound" as const, startedAt: at("17:00") };
    expect(nextStopIndex(evening, riders, { ...options, now: at("17:05") })).toBe(0);
    expect(nextStopIndex(evening, riders, { ...options, now: at("17:20") })).toBe(0);
    expect(nextStopIndex(evening, riders, { ...options, now: at("17:21") })).toBe(1);
    expect(nextStopIndex(evening, riders, { ...options, now: at("18:05") })).toBe(2);
  });

  it("ignores pending riders on a Salida route (they alight there; nobody scans them)", () => {
    const options = { direction: "outbound" as const, now: at("17:50"), startedAt: at("17:00") };
    expect(nextStopIndex(evening, [pending(1), pending(2), pending(3)], options)).toBe(2);
  });

  it("pushes the plan back by how late the trip started after the first stop's time", () => {
    // Started 17:35, 15 min after the first stop's 17:20: at 17:50 the bus is taken to be at 17:35's point.
    const late = { direction: "outbound" as const, now: at("17:50"), startedAt: at("17:35") };
    expect(nextStopIndex(evening, riders, late)).toBe(1);
    // Started early: no change.
    const early = { direction: "outbound" as const, now: at("17:50"), startedAt: at("16:50") };
    expect(nextStopIndex(evening, riders, early)).toBe(2);
  });

  it("is the last stop when the bus is behind every planned time", () => {
    const options = { direction: null, now: at("19:30"), startedAt: at("17:00") };
    expect(nextStopIndex(evening, riders, options)).toBe(2);
  });

  it("counts times across midnight as one trip", () => {
    const night = [stop(1, "23:45", [1]), stop(2, "00:10", [2]), stop(3, "00:30", [3])];
    const options = { direction: "outbound" as const, startedAt: at("23:30") };
    expect(nextStopIndex(night, riders, { ...options, now: at("23:40") })).toBe(0);
    expect(nextStopIndex(night, riders, { ...options, now: at("23:50") })).toBe(1);
    expect(nextStopIndex(night, riders, { ...options, now: at("00:15", 1) })).toBe(2);
    // Before the first stop by a few minutes is before, not almost a day after.
    expect(nextStopIndex(night, riders, { ...options, now: at("23:00"), startedAt: null })).toBe(0);
  });

  it("has no next stop without stops", () => {
    expect(nextStopIndex([], riders, { direction: "inbound", now: at("07:00"), startedAt: null })).toBeNull();
  });
});

describe("arranged stops", () => {
  const riders = [
    { employeeId: 1, status: "Boarded" as const, name: "Ana" },
    { employeeId: 2, status: "Boarded" as const, name: "Beto" },
    { employeeId: 3, status: "Pending" as const, name: "Carla" },
    { employeeId: 4, status: "Pending" as const, name: "Dario" },
    { employeeId: 5, status: "Pending" as const, name: "Eva" },
  ];
  // Out of order on purpose: the position decides. Rider 9 is no longer on the trip.
  const stops = [stop(3, "07:00", [4]), stop(1, "06:30", [1, 2, 9]), stop(2, "06:42", [3])];

  it("puts the next stop first, then those after it, and keeps the passed ones apart", () => {
    const arranged = arrangeStops(stops, riders, {
      direction: "inbound",
      now: at("06:45"),
      startedAt: at("06:10"),
      running: true,
    });
    expect(arranged.next?.position).toBe(2);
    expect(arranged.next?.riders.map((r) => r.name)).toEqual(["Carla"]);
    expect(arranged.ahead.map((s) => s.position)).toEqual([3]);
    expect(arranged.passed.map((s) => s.position)).toEqual([1]);
    expect(arranged.passed[0]?.riders.map((r) => r.name)).toEqual(["Ana", "Beto"]);
    expect(arranged.withoutStop.map((r) => r.name)).toEqual(["Eva"]);
  });

  it("lists every stop in order, none next, once the trip is over", () => {
    const arranged = arrangeStops(stops, riders, {
      direction: "inbound",
      now: at("08:00"),
      startedAt: at("06:10"),
      running: false,
    });
    expect(arranged.next).toBeNull();
    expect(arranged.ahead.map((s) => s.position)).toEqual([1, 2, 3]);
    expect(arranged.passed).toEqual([]);
  });
});
