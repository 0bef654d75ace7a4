import { useMemo } from "react";
import { useTripDetail } from "../api/get-trip-detail";
import { useTripRiders } from "../api/list-trip-riders";
import { trailFromPositions } from "../lib/trail";
import { TripDetailState } from "./trip-detail-state";
import { TripDetailView } from "./trip-detail-view";

/** A finished trip (IntermediateRoute/detail): summary, trail and riders. */
export function FinishedTripDetail({ id }: { id: number }) {
  const detail = useTripDetail(id);
  const finished = detail.data ? detail.data.status === "Finished" : true;
  const riders = useTripRiders(detail.data ? id : null, finished);
  const trail = useMemo(() => trailFromPositions(detail.data?.positions ?? []), [detail.data?.positions]);

  if (!detail.data) {
    return (
      <TripDetailState
        loading={detail.isLoading}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        notFoundMessage="La ruta no existe"
      />
    );
  }
  return (
    <TripDetailView
      key={detail.data.id}
      trip={detail.data}
      trail={trail}
      riders={{
        data: riders.data,
        loading: riders.isLoading,
        error: riders.error,
        onRetry: () => void riders.refetch(),
      }}
    />
  );
}
