import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it } from "vitest";
import { describeSchedule, scheduledReportOf, scheduleFiltersOf } from "./schedule-filters";

describe("«Programar envío» helpers", () => {
  it("knows the schedulable exports by their Excel path, in any case", () => {
    expect(scheduledReportOf(clientPath(API.branchOffice.reportExcel))).toBe("branchOffice");
    expect(scheduledReportOf("/BranchOffice/report/excel")).toBe("branchOffice");
    expect(scheduledReportOf(clientPath(API.cut.generalExcel))).toBe("cutGeneral");
    expect(scheduledReportOf(clientPath(API.cut.headboardExcel))).toBeUndefined();
  });

  it("keeps the page's filters but never its dates, paging, sorting or a cut", () => {
    expect(
      scheduleFiltersOf({
        sinceDate: "11/01/2026",
        untilDate: "11/07/2026",
        skip: 2,
        amount: 10,
        sortBy: "name",
        cutId: 4,
        criterion: "  ",
        supplierName: "Transportes Norte",
        branchOfficeId: "3",
      }),
    ).toEqual({ supplierName: "Transportes Norte", branchOfficeId: "3" });
  });

  it("describes when a schedule runs", () => {
    const base = { time: "07:00", weekday: null, monthDay: null };
    expect(describeSchedule({ ...base, frequency: "daily" })).toBe("Diario a las 07:00");
    expect(describeSchedule({ ...base, frequency: "weekly", weekday: 7 })).toBe(
      "Semanal, los domingos a las 07:00",
    );
    expect(describeSchedule({ ...base, frequency: "monthly", monthDay: 5 })).toBe(
      "Mensual, el día 5 a las 07:00",
    );
  });
});
