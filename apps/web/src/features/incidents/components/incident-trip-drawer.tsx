import { INCIDENT_TYPE_LABELS, type IncidentItem } from "@treiber/contract";
import { Drawer } from "antd";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { IncidentTripView } from "./incident-trip-view";

/** The incident's trip on the map, in a side drawer (loaded with its content by `LazyIncidentTripDrawer`). */
export function IncidentTripDrawer({
  incident,
  onClose,
}: {
  incident: IncidentItem | null;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={incident !== null}
      onClose={onClose}
      title={incident ? `${INCIDENT_TYPE_LABELS[incident.type]} · ${incident.routeName}` : "Viaje"}
      size={isMobile ? "100%" : 720}
      destroyOnHidden
    >
      {incident ? <IncidentTripView incident={incident} /> : null}
    </Drawer>
  );
}
