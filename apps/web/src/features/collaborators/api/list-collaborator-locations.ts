import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "./collaborator-keys";

export interface CollaboratorLocationItem {
  id: number;
  name: string;
  lastname: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** GET /api/v1/Employee/list/locationInfo → active collaborators with a home location. */
export async function listCollaboratorLocations(): Promise<CollaboratorLocationItem[]> {
  const { data } = await http.get<CollaboratorLocationItem[]>("/Employee/list/locationInfo");
  return data;
}

export function collaboratorLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...COLLABORATORS_KEY, "locations"],
    queryFn: listCollaboratorLocations,
    staleTime: 30_000,
  });
}

export function useCollaboratorLocations(enabled = true) {
  return useQuery({ ...collaboratorLocationsQueryOptions(), enabled });
}
