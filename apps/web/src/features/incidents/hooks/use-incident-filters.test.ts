import { describe, expect, it } from "vitest";
import { incidentListRequest, readIncidentFilters } from "./use-incident-filters";

const read = (query: string) => readIncidentFilters(new URLSearchParams(query));

describe("the panel's URL filters", () => {
  it("lists the unclosed incidents, first page of 20, without a date range by default", () => {
    expect(incidentListRequest(read(""))).toEqual({ amount: 20, skip: 1, status: "OPEN" });
  });

  it("reads type, status, range and page, and ignores the page's own params", () => {
    const filters = read(
      "incidentType=LATE&incidentStatus=CLOSED&incidentSince=11/01/2026&incidentUntil=11/05/2026&incidentPage=2&sinceDate=01/01/2020&page=9",
    );
    expect(incidentListRequest(filters)).toEqual({
      amount: 20,
      skip: 2,
      type: "LATE",
      status: "CLOSED",
      sinceDate: "11/01/2026",
      untilDate: "11/05/2026",
    });
  });

  it("'Todas' sends no status; unknown values and half ranges fall back", () => {
    expect(incidentListRequest(read("incidentStatus=ALL"))).toEqual({ amount: 20, skip: 1 });
    expect(incidentListRequest(read("incidentType=OTHER&incidentStatus=x&incidentSince=11/01/2026"))).toEqual(
      {
        amount: 20,
        skip: 1,
        status: "OPEN",
      },
    );
  });
});
