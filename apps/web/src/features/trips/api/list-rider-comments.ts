import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CancelServiceComment, TripComment } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { TRIP_RIDERS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/IntermediateRoute/comments/{intermediateRouteId}/{employeeId}: a rider's comments. */
export async function listRiderComments(
  intermediateRouteId: number,
  employeeId: number,
): Promise<TripComment[]> {
  const { data } = await http.get<TripComment[]>(
    clientPath(API.intermediateRoute.comments, { intermediateRouteId, employeeId }),
  );
  return Array.isArray(data) ? data : [];
}

/** GET /api/v1/TransportService/cancelService/comment/{intermediateRouteId}/{employeeId} */
export async function getCancelComment(
  intermediateRouteId: number,
  employeeId: number,
): Promise<CancelServiceComment> {
  const { data } = await http.get<CancelServiceComment>(
    clientPath(API.transportService.cancelComment, { intermediateRouteId, employeeId }),
  );
  return data;
}

export function riderCommentsQueryOptions(intermediateRouteId: number, employeeId: number) {
  return queryOptions({
    queryKey: [...TRIP_RIDERS_KEY, intermediateRouteId, "comments", employeeId],
    queryFn: () => listRiderComments(intermediateRouteId, employeeId),
  });
}

export function useRiderComments(intermediateRouteId: number, employeeId: number) {
  return useQuery(riderCommentsQueryOptions(intermediateRouteId, employeeId));
}

export function cancelCommentQueryOptions(intermediateRouteId: number, employeeId: number) {
  return queryOptions({
    queryKey: [...TRIP_RIDERS_KEY, intermediateRouteId, "cancel-comment", employeeId],
    queryFn: () => getCancelComment(intermediateRouteId, employeeId),
  });
}

export function useCancelComment(intermediateRouteId: number, employeeId: number, enabled: boolean) {
  return useQuery({ ...cancelCommentQueryOptions(intermediateRouteId, employeeId), enabled });
}
