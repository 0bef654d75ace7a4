import { describe, expect, it } from "vitest";
import { daysSummary } from "./days-summary";

const NAMES = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"];
const days = (...ids: number[]) => ids.map((id) => ({ id, name: NAMES[id - 1] as string }));

describe("daysSummary", () => {
  it("writes runs of three or more days as a range and the others one by one", () => {
    expect(daysSummary(days(1, 2, 3, 4, 5))).toBe("Lun–Vie");
    expect(daysSummary(days(1, 3, 5))).toBe("Lun, Mié, Vie");
    expect(daysSummary(days(6, 7))).toBe("Sáb, Dom");
    expect(daysSummary(days(1, 2, 4, 5, 6))).toBe("Lun, Mar, Jue–Sáb");
  });

  it("says «Todos los días» for the whole week and nothing for no day", () => {
    expect(daysSummary(days(1, 2, 3, 4, 5, 6, 7))).toBe("Todos los días");
    expect(daysSummary([])).toBe("");
  });
});
