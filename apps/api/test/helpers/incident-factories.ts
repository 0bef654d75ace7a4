import type { IncidentStatus, IncidentType } from "@treiber/contract";
import { incidents, incidentThresholds, tripPositions } from "../../src/db/schema.js";
import { testDatabase } from "./test-app.js";

/**
 * An incident inserted directly (the live monitor writes them in production): of a trip, or of a
 * route and day (NOT_STARTED). `serviceDay` defaults to the UTC day it opened.
 */
export async function createIncident(options: {
  type: IncidentType;
  openedAt: Date;
  intermediateRouteId?: number | null;
  routeId?: number | null;
  driverId?: number | null;
  supplierId?: number | null;
  status?: IncidentStatus;
  closedAt?: Date | null;
  acknowledgedByUserId?: number | null;
  note?: string | null;
  serviceDay?: string;
  stopIndex?: number | null;
}) {
  const { db } = await testDatabase();
  const status = options.status ?? (options.closedAt ? "CLOSED" : "OPEN");
  const [row] = await db
    .insert(incidents)
    .values({
      type: options.type,
      status,
      intermediateRouteId: options.intermediateRouteId ?? null,
      routeId: options.routeId ?? null,
      driverId: options.driverId ?? null,
      supplierId: options.supplierId ?? null,
      serviceDay: options.serviceDay ?? options.openedAt.toISOString().slice(0, 10),
      stopIndex: options.stopIndex ?? null,
      openedAt: options.openedAt,
      closedAt: options.closedAt ?? null,
      closeReason: options.closedAt ? "cleared" : null,
      acknowledgedByUserId: options.acknowledgedByUserId ?? null,
      acknowledgedAt: options.acknowledgedByUserId ? options.openedAt : null,
      note: options.note ?? null,
    })
    .returning();
  if (!row) throw new Error("no incident");
  return row;
}

/** A branch office's own incident thresholds (the rest keep INCIDENT_THRESHOLD_DEFAULT_VALUES). */
export async function setIncidentThresholds(branchOfficeId: number, values: Record<string, number>) {
  const { db } = await testDatabase();
  await db.insert(incidentThresholds).values({ branchOfficeId, values });
}

/** GPS positions of a trip, `[latitude, longitude, at]` each. */
export async function addPositions(intermediateRouteId: number, positions: [number, number, Date][]) {
  const { db } = await testDatabase();
  await db.insert(tripPositions).values(
    positions.map(([latitude, longitude, recordedAt]) => ({
      intermediateRouteId,
      latitude,
      longitude,
      recordedAt,
    })),
  );
}
