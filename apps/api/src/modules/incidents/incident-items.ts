import {
  INCIDENT_SEVERITY,
  type IncidentItem,
  type IncidentStatus,
  type IncidentType,
  incidentDetailSchema,
} from "@treiber/contract";
import type { EvidencePosition, IncidentDetail } from "@treiber/incidents";
import type { IncidentRow } from "./incident-repository.js";

type StoredEvidence = { latitude: number; longitude: number; at: string };

/** The engine's evidence as stored (ISO instants). */
export const storedEvidence = (evidence: readonly EvidencePosition[]): StoredEvidence[] =>
  evidence.map((p) => ({ latitude: p.latitude, longitude: p.longitude, at: new Date(p.at).toISOString() }));

/** The engine's figures as stored (only the contract's keys). */
export const storedDetail = (detail: IncidentDetail) => incidentDetailSchema.parse(detail);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toIncidentItem(row: IncidentRow): IncidentItem {
  const type = row.type as IncidentType;
  const detail = incidentDetailSchema.safeParse(row.detail);
  const evidence = Array.isArray(row.evidence) ? (row.evidence as StoredEvidence[]) : [];
  return {
    id: row.id,
    type,
    severity: INCIDENT_SEVERITY[type],
    status: row.status as IncidentStatus,
    intermediateRouteId: row.intermediateRouteId,
    routeId: row.routeId,
    routeName: row.routeName ?? "",
    serviceDay: row.serviceDay,
    driverName: row.driverName,
    supplierName: row.supplierName,
    branchOfficeId: row.branchOfficeId === null ? null : Number(row.branchOfficeId),
    stopIndex: row.stopIndex,
    stopName: row.stopName,
    openedAt: iso(row.openedAt) as string,
    closedAt: iso(row.closedAt),
    closeReason: (row.closeReason as IncidentItem["closeReason"]) ?? null,
    personName: row.personName,
    personRole: row.personRole,
    outcome: (row.outcome as IncidentItem["outcome"]) ?? null,
    closedBy: row.closedBy,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedAt: iso(row.acknowledgedAt),
    note: row.note,
    detail: detail.success ? detail.data : {},
    evidence: evidence.map((p) => ({ latitude: p.latitude, longitude: p.longitude, at: p.at })),
  };
}
