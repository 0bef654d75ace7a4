import { describe, expect, it } from "vitest";
import { formatDays } from "./my-route";

describe("formatDays", () => {
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
});
