import { describe, expect, it } from "vitest";
import { routeStopsSaveRequestSchema, stopTimesProblem } from "./route-stops.js";

const inbound = { direction: "inbound" as const, time: "08:00" };
const outbound = { direction: "outbound" as const, time: "17:00" };

describe("stopTimesProblem", () => {
  it("accepts inbound stops before the shift's time, in order, the same minute twice and the shift's minute", () => {
    expect(stopTimesProblem(["06:30", "07:10", "07:10", "08:00"], inbound)).toBeUndefined();
    expect(stopTimesProblem([], inbound)).toBeUndefined();
  });

  it("refuses an inbound stop after the shift's time, or out of order", () => {
    expect(stopTimesProblem(["07:00", "08:01"], inbound)).toMatchObject({ index: 1 });
    expect(stopTimesProblem(["07:30", "07:00"], inbound)).toEqual({
      index: 1,
      message: "La hora de la parada 2 (07:00) es anterior a la de la parada 1 (07:30)",
    });
  });

  it("crosses midnight: an early inbound shift picks up before 00:00, a late outbound one drops after", () => {
    expect(
      stopTimesProblem(["23:40", "23:55", "00:15"], { direction: "inbound", time: "00:30" }),
    ).toBeUndefined();
    expect(stopTimesProblem(["23:50", "00:10"], { direction: "outbound", time: "23:30" })).toBeUndefined();
    expect(stopTimesProblem(["00:10", "23:50"], { direction: "outbound", time: "23:30" })).toMatchObject({
      index: 1,
    });
  });

  it("keeps outbound stops within the 12 hours after the shift's time", () => {
    expect(stopTimesProblem(["17:00", "17:20"], outbound)).toBeUndefined();
    expect(stopTimesProblem(["16:50"], outbound)?.message).toBe(
      "La parada 1 (16:50) debe ser después de la hora del turno de salida (17:00), dentro de las 12 horas siguientes",
    );
  });

  it("without a shift: in order within 12 hours of the first stop", () => {
    expect(stopTimesProblem(["06:00", "06:40"], null)).toBeUndefined();
    expect(stopTimesProblem(["06:00", "05:59"], null)).toMatchObject({ index: 1 });
  });
});

describe("routeStopsSaveRequestSchema", () => {
  const stop = (position: number, employeeIds: number[] = []) => ({
    position,
    name: `Parada ${position}`,
    latitude: 18.47,
    longitude: -69.93,
    plannedTime: "07:00",
    employeeIds,
  });

  it("takes positions 1…n in any order, a missing employeeIds as none, and a blank address as null", () => {
    const parsed = routeStopsSaveRequestSchema.parse({
      routeId: 1,
      stops: [stop(2), { ...stop(1), address: "  ", employeeIds: undefined }],
    });
    expect(parsed.stops[1]).toMatchObject({ address: null, employeeIds: [] });
  });

  it("names the field of a repeated position, a gap and a rider on two stops", () => {
    const issues = (stops: object[]) =>
      routeStopsSaveRequestSchema
        .safeParse({ routeId: 1, stops })
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues([stop(1), stop(1)])).toEqual(["stops.1.position: La posición 1 está repetida"]);
    expect(issues([stop(1), stop(3)])).toEqual(["stops.1.position: Las posiciones van de 1 a 2 sin saltos"]);
    expect(issues([stop(1, [7]), stop(2, [7])])).toEqual([
      "stops.1.employeeIds.0: El colaborador 7 ya está en la parada 1: una parada por colaborador",
    ]);
  });
});
