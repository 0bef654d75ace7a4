import { Alert, Button } from "antd";
import { useMemo } from "react";
import { useNow } from "../../../shared/hooks/use-now";
import { useCurrentTrip } from "../api/get-current-trip";
import { useTripRiders } from "../api/list-trip-riders";
import { useLiveTrip } from "../hooks/use-live-trip";
import { mergeTrail, trailFromPositions } from "../lib/trail";
import { TripDetailState } from "./trip-detail-state";
import { TripDetailView } from "./trip-detail-view";

export interface CurrentTripDetailProps {
  id: number;
  /** Opens the finished trip in the history. */
  onOpenHistory: (id: number) => void;
}

/** A trip in progress followed live: joins its hub group, moves with each position, leaves on exit. */
export function CurrentTripDetail({ id, onOpenHistory }: CurrentTripDetailProps) {
  const now = useNow(15_000);
  const detail = useCurrentTrip(id);
  const riders = useTripRiders(id, false);
  const live = useLiveTrip(id);
  const stored = useMemo(() => trailFromPositions(detail.data?.positions ?? []), [detail.data?.positions]);
  const trail = useMemo(() => mergeTrail(stored, live.points), [stored, live.points]);

  const historyLink = (
    <Button size="small" onClick={() => onOpenHistory(id)}>
      Ver en el historial
    </Button>
  );

  if (!detail.data) {
    return (
      <TripDetailState
        loading={detail.isLoading}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        notFoundMessage="La ruta ya no está en curso"
        notFoundAction={historyLink}
      />
    );
  }
  const ended = live.finished || detail.data.status === "Finished";
  return (
    <>
      {ended ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="La ruta finalizó"
          action={historyLink}
          data-testid="trip-finished"
        />
      ) : null}
      <TripDetailView
        key={detail.data.id}
        trip={detail.data}
        trail={trail}
        live={!ended}
        now={now}
        riders={{
          data: riders.data,
          loading: riders.isLoading,
          error: riders.error,
          onRetry: () => void riders.refetch(),
        }}
      />
    </>
  );
}
