import { describe, expect, it } from "vitest";
import { formatDays, formatMyStop, formatVehicle } from "./my-route";

describe("my routes", () => {
  it("lists the days in week order", () => {
    expect(
      formatDays([
        { id: 5, name: "Viernes" },
        { id: 1, name: "Lunes" },
        { id: 3, name: "Miércoles" },
      ]),
    ).toBe("Lunes, Miércoles y Viernes");
  });

  it("handles one day and none", () => {
    expect(formatDays([{ id: 2, name: "Martes" }])).toBe("Martes");
    expect(formatDays([])).toBe("Sin días");
  });

  it("describes the vehicle with what is known", () => {
    expect(formatVehicle({ vehicleModel: "Hiace", vehiclePlate: "A123" })).toBe("Hiace · A123");
    expect(formatVehicle({ vehicleModel: null, vehiclePlate: "A123" })).toBe("A123");
    expect(formatVehicle({ vehicleModel: null, vehiclePlate: null })).toBeNull();
  });

  it("names the rider's stop with its planned time", () => {
    expect(formatMyStop({ name: "Los Prados", plannedTime: "06:42" })).toBe("Los Prados · 06:42");
  });
});
