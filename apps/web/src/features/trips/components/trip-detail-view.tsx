import type { TripDetail, TripRider } from "@treiber/contract";
import { Card, Flex } from "antd";
import { useMemo } from "react";
import { type LatLng, type TrailPoint, toLatLng } from "../lib/trail";
import { LazyTripMap as TripMap } from "./lazy-trip-map";
import { TripRidersTable } from "./trip-riders-table";
import { TripSummary } from "./trip-summary";

export interface TripDetailViewProps {
  trip: TripDetail;
  trail: TrailPoint[];
  riders: { data: TripRider[] | undefined; loading: boolean; error: unknown; onRetry: () => void };
  /** Live trips follow the moving position. */
  live?: boolean;
  now?: Date;
}

/** Summary, map with the trail and the riders of one trip. */
export function TripDetailView({ trip, trail, riders, live = false, now }: TripDetailViewProps) {
  const lastPoint = trail.at(-1);
  const currentLatitude = lastPoint?.latitude ?? trip.lastLatitude;
  const currentLongitude = lastPoint?.longitude ?? trip.lastLongitude;
  const current = useMemo<LatLng | null>(
    () =>
      currentLatitude !== null &&
      currentLatitude !== undefined &&
      currentLongitude !== null &&
      currentLongitude !== undefined
        ? [currentLatitude, currentLongitude]
        : null,
    [currentLatitude, currentLongitude],
  );
  const destination = useMemo(
    () =>
      trip.destinationLatitude !== null && trip.destinationLongitude !== null
        ? {
            name: trip.destinationName,
            position: toLatLng({
              latitude: trip.destinationLatitude,
              longitude: trip.destinationLongitude,
              date: null,
            }),
          }
        : null,
    [trip.destinationLatitude, trip.destinationLongitude, trip.destinationName],
  );

  return (
    <Flex vertical gap={16}>
      <TripSummary trip={trip} now={now} lastPositionDate={lastPoint?.date} />
      <Card title="Recorrido" size="small">
        <TripMap trail={trail} current={current} destination={destination} follow={live} />
      </Card>
      <Card title="Colaboradores" size="small">
        <TripRidersTable
          intermediateRouteId={trip.id}
          riders={riders.data ?? (riders.loading ? trip.riders : undefined)}
          loading={riders.loading}
          error={riders.error}
          onRetry={riders.onRetry}
        />
      </Card>
    </Flex>
  );
}
