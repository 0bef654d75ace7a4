import { INCIDENT_STATUSES, INCIDENT_TYPES, type IncidentStatus, type IncidentType } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { readPage, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { IncidentListRequest } from "../api/list-incidents";

/** The panel's page size (the unclosed list rarely has more; later pages keep the server's order). */
export const INCIDENT_PAGE_SIZE = 20;

/** `incidentStatus=ALL` lists every state; absent, the unclosed ones (OPEN, by severity). */
export const ALL_STATUSES = "ALL";
export type IncidentStatusFilter = IncidentStatus | typeof ALL_STATUSES;

const API_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

export interface IncidentFilters {
  type: IncidentType | undefined;
  status: IncidentStatusFilter;
  sinceDate: string | undefined;
  untilDate: string | undefined;
  page: number;
}

/** Reads the panel's filters from URL params (prefixed: the pages have their own `sinceDate`, `page`…). */
export function readIncidentFilters(params: URLSearchParams): IncidentFilters {
  const type = params.get("incidentType");
  const status = params.get("incidentStatus");
  const since = params.get("incidentSince");
  const until = params.get("incidentUntil");
  const range = since && until && API_DATE.test(since) && API_DATE.test(until);
  return {
    type: INCIDENT_TYPES.includes(type as IncidentType) ? (type as IncidentType) : undefined,
    status:
      status === ALL_STATUSES || INCIDENT_STATUSES.includes(status as IncidentStatus)
        ? (status as IncidentStatusFilter)
        : "OPEN",
    sinceDate: range ? since : undefined,
    untilDate: range ? until : undefined,
    page: readPage(params.get("incidentPage")),
  };
}

/** The list request of the filters. */
export function incidentListRequest(filters: IncidentFilters): IncidentListRequest {
  return {
    amount: INCIDENT_PAGE_SIZE,
    skip: filters.page,
    ...(filters.type && { type: filters.type }),
    ...(filters.status !== ALL_STATUSES && { status: filters.status }),
    ...(filters.sinceDate &&
      filters.untilDate && { sinceDate: filters.sinceDate, untilDate: filters.untilDate }),
  };
}

/**
 * The Incidencias panel's filters in the URL: `incidentType`, `incidentStatus` (OPEN by default,
 * ACKNOWLEDGED, CLOSED or ALL), `incidentSince`/`incidentUntil` (MM/DD/YYYY, the history's range)
 * and `incidentPage`; a reload or a shared link keeps them.
 */
export function useIncidentFilters() {
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => readIncidentFilters(searchParams), [searchParams]);
  const request = useMemo(() => incidentListRequest(filters), [filters]);
  const update = useUrlParamsUpdate();
  return {
    filters,
    request,
    pageSize: INCIDENT_PAGE_SIZE,
    setType: (type: IncidentType | undefined) => update({ incidentType: type, incidentPage: undefined }),
    setStatus: (status: IncidentStatusFilter) =>
      update({ incidentStatus: status === "OPEN" ? undefined : status, incidentPage: undefined }),
    setDateRange: (sinceDate: string | undefined, untilDate: string | undefined) =>
      update({ incidentSince: sinceDate, incidentUntil: untilDate, incidentPage: undefined }),
    setPage: (page: number) => update({ incidentPage: page === 1 ? undefined : page }),
  };
}
