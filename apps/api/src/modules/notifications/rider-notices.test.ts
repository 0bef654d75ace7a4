import { describe, expect, it } from "vitest";
import { clockOf, riderNotice } from "./rider-notices.js";

describe("what a rider is told when their route changes", () => {
  it("shows times as Treiber App does: '5:42 a. m.', '12:30 p. m.', '12:05 a. m.'", () => {
    expect(clockOf("05:42")).toBe("5:42 a. m.");
    expect(clockOf("12:30")).toBe("12:30 p. m.");
    expect(clockOf("00:05:00")).toBe("12:05 a. m.");
    expect(clockOf("17:45:00")).toBe("5:45 p. m.");
    expect(clockOf("mañana")).toBe("mañana");
  });

  it("a new stop, the same stop at another time, a route assigned, none on the shift, a route taken away", () => {
    expect(riderNotice.newStop("Parque", "05:42", "Naco 1")).toBe(
      "Tu ruta cambió: nueva parada «Parque» a las 5:42 a. m. (ruta Naco 1)",
    );
    expect(riderNotice.newStop("Parque", null, "Naco 1")).toBe(
      "Tu ruta cambió: nueva parada «Parque» (ruta Naco 1)",
    );
    expect(riderNotice.stopTime("Parque", "06:05", "Naco 1")).toBe(
      "Tu ruta cambió: tu parada «Parque» ahora es a las 6:05 a. m. (ruta Naco 1)",
    );
    expect(riderNotice.assigned("Naco 1", "17:45")).toBe(
      "Tu ruta cambió: te asignaron la ruta Naco 1, que sale a las 5:45 p. m.",
    );
    expect(riderNotice.assigned("Naco 1", null)).toBe("Tu ruta cambió: te asignaron la ruta Naco 1");
    expect(riderNotice.leftShift("Mañana", "Naco 1")).toBe(
      "Ya no tienes ruta asignada en el turno Mañana (antes: ruta Naco 1)",
    );
    expect(riderNotice.removed("Naco 1")).toBe("Ya no tienes asignada la ruta Naco 1");
  });
});
