import type { IncidentItem } from "@treiber/contract";

/** An incident for tests: an open OFF_ROUTE on trip 7 unless told otherwise. */
export function testIncident(overrides: Partial<IncidentItem> = {}): IncidentItem {
  return {
    id: 1,
    type: "OFF_ROUTE",
    severity: "critical",
    status: "OPEN",
    intermediateRouteId: 7,
    routeId: 3,
    routeName: "Ruta Norte",
    serviceDay: "2026-11-27",
    driverName: "Juan Pérez",
    supplierName: "Transportes Caribe",
    branchOfficeId: 1,
    stopIndex: null,
    stopName: null,
    openedAt: "2026-11-27T12:00:00.000Z",
    closedAt: null,
    closeReason: null,
    personName: null,
    personRole: null,
    outcome: null,
    closedBy: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    note: null,
    detail: { distanceMeters: 452.4 },
    evidence: [{ latitude: 18.5, longitude: -69.9, at: "2026-11-27T12:00:00.000Z" }],
    ...overrides,
  };
}
