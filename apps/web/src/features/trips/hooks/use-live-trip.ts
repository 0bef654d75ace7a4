import { useQueryClient } from "@tanstack/react-query";
import { HUB_EVENTS } from "@treiber/contract";
import { useCallback, useState } from "react";
import { TRIP_DETAIL_KEY, TRIP_RIDERS_KEY, TRIPS_KEY } from "../../../shared/api/query-keys";
import { useHubEvent, useHubReconnected, useTripGroup } from "../../../shared/realtime";
import { parseFinishedTripId, parseGeolocation } from "../../../shared/realtime/parse-geolocation";
import type { TrailPoint } from "../lib/trail";

/** The live trail kept in memory is capped: a long trip at one point every 5 s stays far below it. */
const MAX_LIVE_POINTS = 5_000;

/**
 * Follows one trip in progress: joins its hub group (`intermediate-group-<id>`) while mounted and
 * leaves it on exit, collects the positions the driver sends, and notices when the trip ends.
 */
export function useLiveTrip(intermediateRouteId: number) {
  const queryClient = useQueryClient();
  const [points, setPoints] = useState<TrailPoint[]>([]);
  const [finished, setFinished] = useState(false);

  useTripGroup(intermediateRouteId);

  useHubEvent(
    HUB_EVENTS.receivedDriverGeolocation,
    useCallback(
      (argument: unknown) => {
        const update = parseGeolocation(argument);
        if (!update || update.intermediateRouteId !== intermediateRouteId) return;
        const point: TrailPoint = {
          latitude: update.latitude,
          longitude: update.longitude,
          date: update.date ?? new Date().toISOString(),
        };
        setPoints((previous) => {
          const last = previous.at(-1);
          // The admins' copy and the group's copy of the same position arrive both.
          if (
            last &&
            last.date === point.date &&
            last.latitude === point.latitude &&
            last.longitude === point.longitude
          )
            return previous;
          const next = [...previous, point];
          return next.length > MAX_LIVE_POINTS ? next.slice(next.length - MAX_LIVE_POINTS) : next;
        });
      },
      [intermediateRouteId],
    ),
  );

  useHubEvent(
    HUB_EVENTS.finishIntermediateRoute,
    useCallback(
      (argument: unknown) => {
        if (parseFinishedTripId(argument) !== intermediateRouteId) return;
        setFinished(true);
        void queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
      },
      [intermediateRouteId, queryClient],
    ),
  );

  // A cancellation or a comment changes the riders: the admins hear of it as a notification.
  useHubEvent(HUB_EVENTS.receiveNotification, () => {
    void queryClient.invalidateQueries({ queryKey: [...TRIP_RIDERS_KEY, intermediateRouteId] });
    void queryClient.invalidateQueries({ queryKey: [...TRIP_DETAIL_KEY, "current", intermediateRouteId] });
  });

  // Positions sent while the connection was down are in the stored trail: reload it.
  useHubReconnected(() => {
    void queryClient.invalidateQueries({ queryKey: [...TRIP_DETAIL_KEY, "current", intermediateRouteId] });
    void queryClient.invalidateQueries({ queryKey: [...TRIP_RIDERS_KEY, intermediateRouteId] });
  });

  return { points, finished };
}
