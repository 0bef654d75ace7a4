import { describe, expect, it } from "vitest";
import { travelModelSummary } from "./travel-model-summary";

describe("travelModelSummary", () => {
  it("says the shift's own values, or that they are calculated", () => {
    expect(travelModelSummary({ travelSpeedKmh: null, travelCircuity: null })).toBe(
      "Calculado (calibración de la sucursal o valores por defecto)",
    );
    expect(travelModelSummary({ travelSpeedKmh: 18.5, travelCircuity: 1.4 })).toBe(
      "18.5 km/h en movimiento · desvío 1.4 (fijado en el turno)",
    );
    expect(travelModelSummary({ travelSpeedKmh: null, travelCircuity: 1.25 })).toBe(
      "desvío 1.25 (fijado en el turno)",
    );
  });
});
