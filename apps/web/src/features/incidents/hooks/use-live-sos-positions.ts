import { useQueryClient } from "@tanstack/react-query";
import type { SosPositionsResponse } from "@treiber/contract";
import { HUB_EVENTS } from "@treiber/contract/hub-names";
import { useHubEvent } from "../../../shared/realtime";
import { sosPositionsKey, useSosPositions } from "../api/get-sos-positions";
import { addSosPosition, parseSosPosition } from "../lib/sos-trail";

/**
 * An SOS's person and trail (GET Sos/{incidentId}/positions), kept current by the hub's
 * `ReceiveSosPosition` (the phone sends one every 10 s for 30 minutes after the SOS).
 */
export function useLiveSosPositions(incidentId: number) {
  const queryClient = useQueryClient();
  const query = useSosPositions(incidentId);
  useHubEvent(HUB_EVENTS.receiveSosPosition, (argument) => {
    const position = parseSosPosition(argument);
    if (!position || position.incidentId !== incidentId) return;
    queryClient.setQueryData<SosPositionsResponse>(sosPositionsKey(incidentId), (trail) =>
      trail ? addSosPosition(trail, position) : trail,
    );
  });
  return query;
}
