import { EMPLOYEE_LOCATION_FILTERS, type EmployeeListQuery } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useTableParams, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { CollaboratorListRequest } from "../api/list-collaborators";

export type LocationFilter = NonNullable<EmployeeListQuery["location"]>;

/** `location` of the URL when it is a filter the API knows, else none (every collaborator). */
export function readLocationFilter(value: string | null): LocationFilter | undefined {
  return EMPLOYEE_LOCATION_FILTERS.find((filter) => filter === value);
}

/**
 * The collaborator list's filters, kept in the URL: the table's (page, search, dates, sorting) and
 * `location=missing` (the «Sin ubicación» filter). A new location filter goes back to page 1.
 */
export function useCollaboratorListParams() {
  const table = useTableParams();
  const [searchParams] = useSearchParams();
  const location = readLocationFilter(searchParams.get("location"));
  const update = useUrlParamsUpdate();

  const request: CollaboratorListRequest = useMemo(
    () => ({ ...table.request, ...(location && { location }) }),
    [table.request, location],
  );

  return {
    table,
    request,
    location,
    setLocation: (next: LocationFilter | undefined) => update({ location: next, page: undefined }),
  };
}
