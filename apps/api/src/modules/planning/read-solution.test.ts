import type { VroomOutput } from "@treiber/planner";
import { describe, expect, it } from "vitest";
import type { ClusteredStop } from "./cluster-stops.js";
import { FLEET_SHORT_IN_TIME_REASON, unassignedRiders } from "./read-solution.js";

const stop = (key: string, employeeIds: number[]): ClusteredStop => ({
  key,
  name: key,
  address: null,
  latitude: 18.5,
  longitude: -69.9,
  employeeIds,
});

const output = (unassigned: VroomOutput["unassigned"]) => ({ unassigned }) as VroomOutput;

describe("unassignedRiders", () => {
  it("lists every rider of an unassigned stop with the planner's code and Spanish reason", () => {
    const stops = [stop("a", [1, 2]), stop("b", [3])];
    const left = unassignedRiders(
      output([
        { id: 0, type: "job", reason_code: "max_ride", reason: "Inalcanzable dentro del viaje máximo" },
      ]),
      stops,
    );
    expect(left).toEqual([
      { employeeId: 1, reasonCode: "max_ride", reason: "Inalcanzable dentro del viaje máximo" },
      { employeeId: 2, reasonCode: "max_ride", reason: "Inalcanzable dentro del viaje máximo" },
    ]);
  });

  it("a full fleet is «Sin asientos» only when the seats were short; else the maximum ride ran out", () => {
    const stops = [stop("a", [1])];
    const full = output([
      { id: 0, type: "job", reason_code: "fleet_full", reason: "Sin asientos: la flota no alcanza" },
    ]);
    expect(unassignedRiders(full, stops, false)[0]?.reason).toBe("Sin asientos: la flota no alcanza");
    expect(unassignedRiders(full, stops, true)[0]).toEqual({
      employeeId: 1,
      reasonCode: "fleet_full",
      reason: FLEET_SHORT_IN_TIME_REASON,
    });
    const skills = output([{ id: 0, type: "job", reason_code: "skills", reason: "Ningún vehículo…" }]);
    expect(unassignedRiders(skills, stops)[0]?.reasonCode).toBe("other");
  });
});
