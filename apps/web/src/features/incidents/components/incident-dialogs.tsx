import type { IncidentDialogs as DialogsState } from "../hooks/use-incident-dialogs";
import {
  LazyAcknowledgeDialog,
  LazyCloseIncidentDialog,
  LazyIncidentTripDrawer,
  LazyThresholdsDialog,
} from "./lazy-dialogs";

export interface IncidentDialogsProps {
  dialogs: DialogsState;
  thresholdsOpen: boolean;
  onCloseThresholds: () => void;
}

/** The panel's drawer and dialogs: the trip on the map, «Atender», «Cerrar» and the thresholds. */
export function IncidentDialogs({ dialogs, thresholdsOpen, onCloseThresholds }: IncidentDialogsProps) {
  return (
    <>
      <LazyIncidentTripDrawer
        incident={dialogs.openedNow}
        onClose={dialogs.closeOpened}
        onAcknowledge={dialogs.acknowledge}
        onCloseIncident={dialogs.closeIncident}
      />
      <LazyAcknowledgeDialog incident={dialogs.acknowledging} onClose={dialogs.stopAcknowledging} />
      <LazyCloseIncidentDialog
        incident={dialogs.closing}
        onClose={dialogs.stopClosing}
        onClosed={dialogs.closedFromDrawer}
      />
      <LazyThresholdsDialog open={thresholdsOpen} onClose={onCloseThresholds} />
    </>
  );
}
