import { INCIDENT_TYPE_LABELS, type IncidentItem } from "@treiber/contract";
import { Drawer } from "antd";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { IncidentTripView } from "./incident-trip-view";
import { SafeArrivalView, type SafetyActions, SosView } from "./safety-incident-view";

/** The drawer's title: the type and the person for a safety incident, else the route. */
function titleOf(incident: IncidentItem | null): string {
  if (!incident) return "Viaje";
  const subject =
    incident.type === "SOS" || incident.type === "SAFE_ARRIVAL_UNCONFIRMED"
      ? (incident.personName ?? incident.routeName)
      : incident.routeName;
  return subject
    ? `${INCIDENT_TYPE_LABELS[incident.type]} · ${subject}`
    : INCIDENT_TYPE_LABELS[incident.type];
}

function Content({ incident, ...actions }: SafetyActions & { incident: IncidentItem }) {
  if (incident.type === "SOS") return <SosView incident={incident} {...actions} />;
  if (incident.type === "SAFE_ARRIVAL_UNCONFIRMED")
    return <SafeArrivalView incident={incident} {...actions} />;
  return <IncidentTripView incident={incident} />;
}

/**
 * The incident's trip on the map, in a side drawer (loaded with its content by `LazyIncidentTripDrawer`);
 * an SOS shows the person and follows their live position; a safe arrival, the drop and the trip.
 */
export function IncidentTripDrawer({
  incident,
  onClose,
  ...actions
}: SafetyActions & {
  incident: IncidentItem | null;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={incident !== null}
      onClose={onClose}
      title={titleOf(incident)}
      size={isMobile ? "100%" : 720}
      destroyOnHidden
    >
      {incident ? <Content incident={incident} {...actions} /> : null}
    </Drawer>
  );
}
