import { Drawer, Spin } from "antd";
import { lazy, Suspense } from "react";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";

// The sheet brings the map (Leaflet): loaded only when a trip is opened.
const TripSheet = lazy(() => import("./trip-sheet").then((module) => ({ default: module.TripSheet })));

/** A billed trip's sheet (the evidence of the Detail row), in a side drawer. */
export function TripSheetDrawer({ tripId, onClose }: { tripId: number | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={tripId !== null}
      onClose={onClose}
      title={tripId === null ? "Viaje" : `Hoja del viaje #${tripId}`}
      size={isMobile ? "100%" : 720}
      destroyOnHidden
    >
      {tripId !== null && (
        <Suspense fallback={<Spin />}>
          <TripSheet tripId={tripId} />
        </Suspense>
      )}
    </Drawer>
  );
}
