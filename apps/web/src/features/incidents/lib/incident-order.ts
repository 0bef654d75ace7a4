import type { IncidentItem, IncidentListResponse } from "@treiber/contract";
import type { IncidentListRequest } from "../api/list-incidents";

const SEVERITY_RANK: Record<IncidentItem["severity"], number> = { critical: 0, warning: 1 };

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
};

/** Newest first (by opening), then the higher id. */
export function compareNewest(a: IncidentItem, b: IncidentItem): number {
  return time(b.openedAt) - time(a.openedAt) || b.id - a.id;
}

/** SOS before anything else (issue 38), whatever its age. */
const sosRank = (item: IncidentItem) => (item.type === "SOS" ? 0 : 1);

/** SOS first, then critical before warning, then newest first: the order of the unclosed list. */
export function compareBySeverity(a: IncidentItem, b: IncidentItem): number {
  return (
    sosRank(a) - sosRank(b) || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || compareNewest(a, b)
  );
}

/** The list's order as the server gives it: by severity for the unclosed view, else newest first. */
export function sortIncidents(list: readonly IncidentItem[], status: string | undefined): IncidentItem[] {
  return [...list].sort(status === "OPEN" ? compareBySeverity : compareNewest);
}

/** YYYYMMDD of an API date (MM/DD/YYYY), or null. */
function apiDay(value: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? Number(`${match[3]}${match[1]}${match[2]}`) : null;
}

/** YYYYMMDD of an instant in the browser's local day. */
function localDay(iso: string): number {
  const date = new Date(iso);
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/** Whether the incident belongs in a list with this status filter (`OPEN`: not closed). */
export function matchesStatus(item: IncidentItem, status: string | undefined): boolean {
  if (status === undefined) return true;
  if (status === "OPEN") return item.status !== "CLOSED";
  return item.status === status;
}

/** Whether the incident matches a list request's filters other than the status. */
export function matchesFiltersButStatus(item: IncidentItem, request: IncidentListRequest): boolean {
  if (request.type && item.type !== request.type) return false;
  if (request.intermediateRouteId && item.intermediateRouteId !== request.intermediateRouteId) return false;
  if (request.sinceDate && request.untilDate) {
    const since = apiDay(request.sinceDate);
    const until = apiDay(request.untilDate);
    const day = localDay(item.openedAt);
    if (since !== null && day < since) return false;
    if (until !== null && day > until) return false;
  }
  return true;
}

/**
 * A list after one incident changed (ReceiveIncident or an acknowledge's answer): upserted by id
 * when it still matches the request, removed when it no longer does (a closed one leaves the
 * unclosed list), re-sorted; `amount` and `openCount` follow. A new incident is added on the first
 * page only (later pages keep their rows until the next reload).
 */
export function applyIncident(
  response: IncidentListResponse,
  item: IncidentItem,
  request: IncidentListRequest,
): IncidentListResponse {
  const index = response.list.findIndex((row) => row.id === item.id);
  const previous = index >= 0 ? response.list[index] : undefined;
  const matchesOthers = matchesFiltersButStatus(item, request);
  const belongs = matchesOthers && matchesStatus(item, request.status);

  let list = response.list;
  let amount = response.amount;
  if (previous && belongs) {
    list = list.map((row) => (row.id === item.id ? item : row));
  } else if (previous) {
    list = list.filter((row) => row.id !== item.id);
    amount = Math.max(0, amount - 1);
  } else if (belongs && request.skip <= 1) {
    list = [...list, item];
    amount += 1;
  }

  const wasCounted = previous ? previous.status !== "CLOSED" : false;
  const isCounted = matchesOthers && item.status !== "CLOSED";
  // Not in this list before: an OPEN one is new; an acknowledged or closed one was open before
  // (every incident opens first), so the count held it when it matches.
  const countedBefore = previous ? wasCounted : item.status !== "OPEN" && matchesOthers;
  const openCount = Math.max(0, response.openCount + Number(isCounted) - Number(countedBefore));

  return { amount, list: sortIncidents(list, request.status), openCount };
}

/** A trip view's incidents after one changed: upserted by id when it is that trip's, newest first. */
export function applyIncidentToTrip<T extends { intermediateRouteId: number; incidents: IncidentItem[] }>(
  view: T,
  item: IncidentItem,
): T {
  if (item.intermediateRouteId !== view.intermediateRouteId) return view;
  const others = view.incidents.filter((row) => row.id !== item.id);
  return { ...view, incidents: [...others, item].sort(compareNewest) };
}
