import { useEffect, useRef, useState } from "react";
import { SosControl } from "./sos-control";
import { useSosFollowUntil } from "./sos-follow";
import { availableAfterDrop, useSosContact } from "./use-sos-contact";

/**
 * The rider's SOS on «Mi bus»: during their trip (`tripId`), and for 30 minutes after their drop
 * (`GET Sos/contact`), or while a follow runs.
 */
export function RiderSos(props: { tripId: number | null }) {
  const contact = useSosContact();
  const following = useSosFollowUntil() !== null;
  const [now, setNow] = useState(() => Date.now());
  const { reload } = contact;
  // The trip that started or ended changes what the server says (the drop's window).
  const shownTrip = useRef(props.tripId);
  useEffect(() => {
    if (shownTrip.current === props.tripId) return;
    shownTrip.current = props.tripId;
    void reload();
  }, [props.tripId, reload]);
  const until = contact.data?.availableUntil ? Date.parse(contact.data.availableUntil) : null;
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now() + 500);
    return () => clearTimeout(timer);
  }, [until]);
  if (props.tripId === null && !availableAfterDrop(contact.data, now) && !following) return null;
  return (
    <SosControl
      intermediateRouteId={props.tripId ?? contact.data?.intermediateRouteId ?? null}
      emergencyPhone={contact.data?.emergencyPhone ?? null}
    />
  );
}

/** The driver's SOS on the trip screen while the trip runs (the emergency number kept on the phone). */
export function DriverSos(props: {
  tripId: number | null;
  position: { latitude: number; longitude: number } | null;
}) {
  const contact = useSosContact();
  return (
    <SosControl
      intermediateRouteId={props.tripId}
      emergencyPhone={contact.data?.emergencyPhone ?? null}
      knownPosition={props.position}
    />
  );
}
