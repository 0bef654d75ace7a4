import { type SosPosition, type SosPositionsResponse, sosPositionSchema } from "@treiber/contract";
import { parseHubArgument } from "../../../shared/lib/parse-hub-argument";

/** The `ReceiveSosPosition` argument (the SosPosition, or a JSON string of it); null when it is not one. */
export function parseSosPosition(argument: unknown): SosPosition | null {
  return parseHubArgument(sosPositionSchema, argument);
}

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
};

/**
 * The trail after a live position: added when it is this SOS's and not already there (the hub may
 * repeat it, or the list may have loaded it), kept oldest first.
 */
export function addSosPosition(trail: SosPositionsResponse, position: SosPosition): SosPositionsResponse {
  if (position.incidentId !== trail.incidentId) return trail;
  const known = trail.list.some(
    (point) =>
      point.at === position.at &&
      point.latitude === position.latitude &&
      point.longitude === position.longitude,
  );
  if (known) return trail;
  const list = [...trail.list, position].sort((a, b) => time(a.at) - time(b.at));
  return { ...trail, list };
}
