import { useQuery } from "@tanstack/react-query";
import type { SosPositionsResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { INCIDENTS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Sos/{incidentId}/positions: who raised it, their phone and the trail, oldest first. */
export async function getSosPositions(incidentId: number): Promise<SosPositionsResponse> {
  const { data } = await http.get<SosPositionsResponse>(clientPath(API.sos.positions, { incidentId }));
  return { ...data, list: Array.isArray(data?.list) ? data.list : [] };
}

/** Under the incidents' key: a hub reconnect reloads it with the rest. */
export const sosPositionsKey = (incidentId: number) => [...INCIDENTS_KEY, "sos", incidentId] as const;

export function useSosPositions(incidentId: number) {
  return useQuery({ queryKey: sosPositionsKey(incidentId), queryFn: () => getSosPositions(incidentId) });
}
