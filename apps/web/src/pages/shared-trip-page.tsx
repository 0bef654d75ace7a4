import { useParams } from "react-router";
import { SharedTripView } from "../features/trip-share/components/shared-trip-view";
import { useSharedTrip } from "../features/trip-share/hooks/use-shared-trip";

/**
 * `/seguir/<token>` (issue 38): the trip a rider shared, for anyone with the link. Public and in
 * its own chunk, without Ant Design, the session or the contract's schemas (decision 0029).
 */
export function SharedTripPage() {
  const { token = "" } = useParams();
  return <SharedTripView state={useSharedTrip(token)} />;
}
