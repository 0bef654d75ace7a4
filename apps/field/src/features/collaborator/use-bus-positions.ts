import { HUB_EVENTS, tripGroup } from "@treiber/contract/hub-names";
import { useEffect, useState } from "react";
import { appHub } from "../../shared/hub";
import type { TimedPosition } from "./bus-eta";
import { isFinishOf, mergePositions, parseBusPosition } from "./bus-events";

const MAX_KEPT = 200;

/**
 * Follows a trip live: joins its hub group `intermediate-group-<id>` (rejoined after every reconnect
 * by the hub client), appends each `ReceivedDriverGeolocation` and reports `FinishIntermediateRoute`.
 */
export function useBusPositions(tripId: number, initial: TimedPosition[], onReconnected: () => void) {
  const [positions, setPositions] = useState<TimedPosition[]>(initial);
  const [finished, setFinished] = useState(false);

  // A refetch (e.g. after the hub reconnected) brings the positions missed meanwhile.
  useEffect(() => {
    setPositions((list) => mergePositions(initial, list, MAX_KEPT));
  }, [initial]);

  useEffect(() => {
    const hub = appHub();
    const group = tripGroup(tripId);
    const onPosition = (argument: unknown) => {
      const position = parseBusPosition(argument, tripId);
      if (position) setPositions((list) => mergePositions(list, [position], MAX_KEPT));
    };
    const onFinish = (argument: unknown) => {
      if (isFinishOf(argument, tripId)) setFinished(true);
    };
    hub.on(HUB_EVENTS.receivedDriverGeolocation, onPosition);
    hub.on(HUB_EVENTS.finishIntermediateRoute, onFinish);
    const stopListening = hub.onReconnected(onReconnected);
    // Remembered first, so a connection still starting joins it as soon as it is up.
    void hub.joinGroup(group).catch(() => undefined);
    void hub.start();
    return () => {
      hub.off(HUB_EVENTS.receivedDriverGeolocation, onPosition);
      hub.off(HUB_EVENTS.finishIntermediateRoute, onFinish);
      stopListening();
      void hub.leaveGroup(group).catch(() => undefined);
    };
  }, [tripId, onReconnected]);

  return { positions, finished };
}
