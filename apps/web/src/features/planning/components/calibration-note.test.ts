import type { Calibration, ShiftTravelModelView } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { calibrationText, shiftModelText } from "./calibration-note";

const defaults: Calibration = {
  trips: 0,
  minTrips: 5,
  calibrated: false,
  peakSpeedKmh: 22,
  offPeakSpeedKmh: 32,
  circuity: 1.35,
  peakTrips: 0,
  offPeakTrips: 0,
  circuityTrips: 0,
  peakSpeedMedianKmh: null,
  offPeakSpeedMedianKmh: null,
  circuityMedian: null,
};

const computed: ShiftTravelModelView = {
  speedKmh: 22,
  circuity: 1.35,
  peak: true,
  speedSource: "default",
  circuitySource: "default",
  travelSpeedKmh: null,
  travelCircuity: null,
};

describe("the travel model's source and figures (decision 0058)", () => {
  it("says the defaults and how many trips of its own the branch office has", () => {
    expect(calibrationText(defaults)).toBe(
      "Valores por defecto: 22 km/h en hora pico, 32 km/h fuera de ella (en movimiento), desvío 1.35 (esta sucursal tiene 0 viajes terminados medidos; se calibra con al menos 5 propios)",
    );
  });

  it("says which values are calibrated with the branch office's trips, which are still the default, and when the clamp applied", () => {
    const calibration: Calibration = {
      ...defaults,
      trips: 9,
      calibrated: true,
      peakSpeedKmh: 8,
      peakTrips: 7,
      peakSpeedMedianKmh: 6.1,
      offPeakTrips: 2,
      circuity: 1.42,
      circuityTrips: 9,
      circuityMedian: 1.42,
    };
    expect(calibrationText(calibration)).toBe(
      "Calibrados con 9 viajes de esta sucursal (velocidad en movimiento, sin paradas): 8 km/h en hora pico (la mediana, 6.1 km/h, se acotó), 32 km/h fuera de ella (por defecto: 2 viajes), desvío 1.42",
    );
  });

  it("says what the shift plans with, and when its own values replace the calculated ones", () => {
    expect(shiftModelText(computed, defaults)).toBe(
      "Este turno se planifica a 22 km/h (hora pico) y desvío 1.35. Puede fijar otros valores para este turno en Turnos.",
    );
    const own = { ...computed, speedKmh: 18, speedSource: "override" as const, travelSpeedKmh: 18 };
    expect(shiftModelText(own, defaults)).toBe(
      "Este turno se planifica a 18 km/h (hora pico) y desvío 1.35: velocidad fijada en el turno (calculada: 22 km/h). Se cambian, o se vuelve a los valores calculados, en Turnos.",
    );
    const both = { ...own, circuity: 1.5, circuitySource: "override" as const, travelCircuity: 1.5 };
    expect(shiftModelText(both, defaults)).toContain(
      "velocidad y desvío fijados en el turno (calculados: 22 km/h y 1.35)",
    );
  });
});
