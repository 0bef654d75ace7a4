import { QueryClient } from "@tanstack/react-query";
import type { IncidentListResponse, IncidentTripView } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { incidentTripKey } from "../api/get-incident-trip";
import { type IncidentListRequest, incidentListKey } from "../api/list-incidents";
import { applyIncidentToCache } from "./incident-cache";
import { applyIncident, applyIncidentToTrip, compareBySeverity, sortIncidents } from "./incident-order";
import { testIncident } from "./test-incident";

const unclosed: IncidentListRequest = { amount: 20, skip: 1, status: "OPEN" };
const at = (minute: number) => `2026-11-27T12:${String(minute).padStart(2, "0")}:00.000Z`;
const ids = (response: IncidentListResponse) => response.list.map((item) => item.id);

describe("incident order", () => {
  it("puts critical before warning, then the newest first, then the higher id", () => {
    const list = [
      testIncident({ id: 1, type: "LATE", severity: "warning", openedAt: at(30) }),
      testIncident({ id: 2, severity: "critical", openedAt: at(10) }),
      testIncident({ id: 3, severity: "critical", openedAt: at(20) }),
      testIncident({ id: 4, type: "NO_GPS", severity: "warning", openedAt: at(40) }),
      testIncident({ id: 5, severity: "critical", openedAt: at(20) }),
    ];
    expect([...list].sort(compareBySeverity).map((item) => item.id)).toEqual([5, 3, 2, 4, 1]);
    expect(sortIncidents(list, "OPEN").map((item) => item.id)).toEqual([5, 3, 2, 4, 1]);
    // Other views keep the server's newest-first order.
    expect(sortIncidents(list, "CLOSED").map((item) => item.id)).toEqual([4, 1, 5, 3, 2]);
    expect(sortIncidents(list, undefined).map((item) => item.id)).toEqual([4, 1, 5, 3, 2]);
  });

  it("puts an SOS first among the unclosed ones, however old (issue 38)", () => {
    const list = [
      testIncident({ id: 1, severity: "critical", openedAt: at(30) }),
      testIncident({ id: 2, type: "SOS", openedAt: at(1) }),
      testIncident({ id: 3, type: "SAFE_ARRIVAL_UNCONFIRMED", openedAt: at(20) }),
      testIncident({ id: 4, type: "SOS", status: "ACKNOWLEDGED", openedAt: at(5) }),
    ];
    expect(sortIncidents(list, "OPEN").map((item) => item.id)).toEqual([4, 2, 1, 3]);
  });
});

describe("applyIncident (ReceiveIncident upserts by id)", () => {
  const warning = testIncident({ id: 1, type: "LATE", severity: "warning", openedAt: at(5) });
  const start: IncidentListResponse = { amount: 1, list: [warning], openCount: 1 };

  it("adds a new open incident in severity order and counts it", () => {
    const next = applyIncident(start, testIncident({ id: 2, openedAt: at(1) }), unclosed);
    expect(ids(next)).toEqual([2, 1]);
    expect(next.amount).toBe(2);
    expect(next.openCount).toBe(2);
  });

  it("replaces a known one in place (acknowledged stays in the unclosed list and in the count)", () => {
    const acknowledged = {
      ...warning,
      status: "ACKNOWLEDGED" as const,
      acknowledgedBy: "Ana Gómez",
      note: "Llamé",
    };
    const next = applyIncident(start, acknowledged, unclosed);
    expect(next.list).toEqual([acknowledged]);
    expect(next.amount).toBe(1);
    expect(next.openCount).toBe(1);
  });

  it("takes a closed one out of the unclosed list and the count", () => {
    const next = applyIncident(start, { ...warning, status: "CLOSED", closedAt: at(9) }, unclosed);
    expect(next.list).toEqual([]);
    expect(next.amount).toBe(0);
    expect(next.openCount).toBe(0);
  });

  it("is idempotent: the same event twice changes nothing more", () => {
    const item = testIncident({ id: 2, openedAt: at(1) });
    const once = applyIncident(start, item, unclosed);
    expect(applyIncident(once, item, unclosed)).toEqual(once);
  });

  it("adds a closed one to the 'Cerradas' list and lowers the count it was in", () => {
    const closedView: IncidentListRequest = { amount: 20, skip: 1, status: "CLOSED" };
    const empty: IncidentListResponse = { amount: 0, list: [], openCount: 3 };
    const next = applyIncident(empty, testIncident({ id: 9, status: "CLOSED", closedAt: at(9) }), closedView);
    expect(ids(next)).toEqual([9]);
    expect(next.openCount).toBe(2);
    // A new open one does not enter the closed list but raises the count.
    const opened = applyIncident(next, testIncident({ id: 10 }), closedView);
    expect(ids(opened)).toEqual([9]);
    expect(opened.openCount).toBe(3);
  });

  it("respects the type and date filters, and adds new rows on the first page only", () => {
    const lateOnly: IncidentListRequest = { ...unclosed, type: "LATE" };
    const offRoute = testIncident({ id: 2 });
    const filtered = applyIncident(start, offRoute, lateOnly);
    expect(ids(filtered)).toEqual([1]);
    expect(filtered.openCount).toBe(1);

    const history: IncidentListRequest = {
      amount: 20,
      skip: 1,
      sinceDate: "11/01/2026",
      untilDate: "11/02/2026",
    };
    expect(ids(applyIncident(start, offRoute, history))).toEqual([1]);

    const secondPage = applyIncident(start, offRoute, { ...unclosed, skip: 2 });
    expect(ids(secondPage)).toEqual([1]);
    expect(secondPage.openCount).toBe(2);
  });
});

describe("applyIncidentToTrip", () => {
  it("upserts the trip's own incidents, newest first, and ignores other trips'", () => {
    const view = { intermediateRouteId: 7, incidents: [testIncident({ id: 1, openedAt: at(1) })] };
    const next = applyIncidentToTrip(view, testIncident({ id: 2, openedAt: at(3) }));
    expect(next.incidents.map((item) => item.id)).toEqual([2, 1]);
    const closed = applyIncidentToTrip(next, testIncident({ id: 1, openedAt: at(1), status: "CLOSED" }));
    expect(closed.incidents.map((item) => [item.id, item.status])).toEqual([
      [2, "OPEN"],
      [1, "CLOSED"],
    ]);
    expect(applyIncidentToTrip(view, testIncident({ id: 3, intermediateRouteId: 8 }))).toBe(view);
  });
});

describe("applyIncidentToCache", () => {
  it("updates every cached list by its own request and the incident's trip view", () => {
    const client = new QueryClient();
    const closedView: IncidentListRequest = { amount: 20, skip: 1, status: "CLOSED" };
    client.setQueryData(incidentListKey(unclosed), { amount: 1, list: [testIncident()], openCount: 1 });
    client.setQueryData(incidentListKey(closedView), { amount: 0, list: [], openCount: 1 });
    const trip = { intermediateRouteId: 7, incidents: [testIncident()] } as IncidentTripView;
    client.setQueryData(incidentTripKey(7), trip);

    const closed = testIncident({ status: "CLOSED", closedAt: at(30), closeReason: "cleared" });
    applyIncidentToCache(client, closed);

    expect(client.getQueryData<IncidentListResponse>(incidentListKey(unclosed))).toEqual({
      amount: 0,
      list: [],
      openCount: 0,
    });
    expect(client.getQueryData<IncidentListResponse>(incidentListKey(closedView))?.list).toEqual([closed]);
    expect(client.getQueryData<IncidentTripView>(incidentTripKey(7))?.incidents).toEqual([closed]);
  });
});
