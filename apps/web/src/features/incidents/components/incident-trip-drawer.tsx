import { INCIDENT_TYPE_LABELS, type IncidentItem } from "@treiber/contract";
import { Drawer, Spin } from "antd";
import { lazy, Suspense } from "react";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { importWithReload } from "../../../shared/lib/import-with-reload";

// The trip view brings the map (Leaflet) and its details: loaded when an incident is first opened.
const IncidentTripView = lazy(async () => {
  const module = await importWithReload(() => import("./incident-trip-view"));
  return { default: module.IncidentTripView };
});

/** The incident's trip on the map, in a side drawer. */
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
      {incident ? (
        <Suspense fallback={<Spin aria-label="Cargando viaje" />}>
          <IncidentTripView incident={incident} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
