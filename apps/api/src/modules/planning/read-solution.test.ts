import type { VroomOutput } from "@treiber/planner";
import { describe, expect, it } from "vitest";
import type { ClusteredStop } from "./cluster-stops.js";
import { FLEET_SHORT_IN_TIME_REASON, routeNamer, routeZone, unassignedRiders } from "./read-solution.js";

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

describe("routeNamer and routeZone (issue 33)", () => {
  it("renames only a reused route of the old «<Turno> – <Destino> N» form", () => {
    const names = routeNamer("Mañana Planta", [], "Mañana Planta – Planta Las Américas");
    expect(names.keeps("Mañana Planta – Planta Las Américas 3")).toBe(false);
    expect(names.keeps("mañana planta – planta las américas 12")).toBe(false);
    expect(names.keeps("Mañana Planta – Planta Las Américas (vieja)")).toBe(true);
    expect(names.keeps("Ruta de Ana")).toBe(true);
  });

  it("the zone is the neighbourhood most stops are in, else the first stop's name, never «Parada N»", () => {
    const at = (name: string, address: string | null) => ({ name, address });
    expect(
      routeZone([
        at("Calle A", "Calle A #1, Naco"),
        at("Calle B", "Calle B #2, Piantini"),
        at("Calle C", "Calle C 3, Piantini"),
      ]),
    ).toBe("Piantini");
    expect(routeZone([at("Calle El Sol (2)", null)])).toBe("Calle El Sol");
    expect(routeZone([at("Parada 4", null)])).toBeNull();
    expect(routeZone([])).toBeNull();
  });
});
