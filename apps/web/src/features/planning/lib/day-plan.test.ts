import { describe, expect, it } from "vitest";
import { dayProposal } from "../test/day-plan-data";
import {
  appliedText,
  applySummary,
  dayApplyRequest,
  isNotified,
  minutesText,
  routeChangeText,
} from "./day-plan";

const [early, other] = dayProposal().moved as [
  ReturnType<typeof dayProposal>["moved"][0],
  ReturnType<typeof dayProposal>["moved"][0],
];

describe("the plan of the day's words", () => {
  it("writes the minutes with their sign and the bus change", () => {
    expect(minutesText(-3)).toBe("−3 min");
    expect(minutesText(8)).toBe("+8 min");
    expect(minutesText(0)).toBe("0 min");
    expect(routeChangeText(early)).toBeNull();
    expect(routeChangeText(other)).toBe("Ruta Sur → Ruta Norte");
  });

  it("tells the riders whose time moves more than 5 min or whose bus changes", () => {
    expect(isNotified(early)).toBe(false);
    expect(isNotified(other)).toBe(true);
    expect(isNotified({ ...early, minutes: 6 })).toBe(true);
    expect(isNotified({ ...early, minutes: -5 })).toBe(false);
  });

  it("says what applying does: that date only, the buses released, the riders told", () => {
    expect(applySummary(dayProposal())).toEqual([
      "Solo cambia el 04/06/2030: las rutas fijas siguen igual los demás días.",
      "2 buses liberados ese día: Ruta Sur, Ruta Este.",
      "1 colaborador avisado de su nueva hora o bus.",
    ]);
  });

  it("says who applied a day plan", () => {
    expect(appliedText({ appliedAt: "2030-06-03T12:00:00", source: "auto", appliedBy: null })).toBe(
      "Plan del día aplicado el 03/06/2030 12:00 pm (automático)",
    );
    expect(appliedText({ appliedAt: "2030-06-03T09:30:00", source: "admin", appliedBy: "Ana Pérez" })).toBe(
      "Plan del día aplicado el 03/06/2030 9:30 am (por Ana Pérez)",
    );
  });

  it("sends the day's routes that carry riders, by standing route id", () => {
    const proposal = dayProposal();
    expect(dayApplyRequest(proposal, { shiftId: 7, destinationId: 5, acceptBrokenLimits: false })).toEqual({
      shiftId: 7,
      destinationId: 5,
      date: "2030-06-04",
      version: "d1",
      routes: [
        {
          routeId: 1,
          stops: proposal.day.routes[0]?.stops.map(({ name, address, latitude, longitude, employeeIds }) => ({
            name,
            address,
            latitude,
            longitude,
            employeeIds,
          })),
        },
      ],
    });
    expect(
      dayApplyRequest(proposal, { shiftId: 7, destinationId: 5, acceptBrokenLimits: true }),
    ).toMatchObject({
      acceptBrokenLimits: true,
    });
  });
});
