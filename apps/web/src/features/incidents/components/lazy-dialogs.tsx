import { lazy, Suspense, useRef } from "react";
import { importWithReload } from "../../../shared/lib/import-with-reload";
import type { AcknowledgeDialogProps } from "./acknowledge-dialog";
import type { CloseIncidentDialogProps } from "./close-incident-dialog";
import type { IncidentTripDrawer as Drawer } from "./incident-trip-drawer";
import type { ThresholdsDialogProps } from "./thresholds-dialog";

const AcknowledgeDialog = lazy(async () => {
  const module = await importWithReload(() => import("./acknowledge-dialog"));
  return { default: module.AcknowledgeDialog };
});
const CloseIncidentDialog = lazy(async () => {
  const module = await importWithReload(() => import("./close-incident-dialog"));
  return { default: module.CloseIncidentDialog };
});
// The drawer brings antd's Drawer, the trip's details and (when shown) the map.
const IncidentTripDrawer = lazy(async () => {
  const module = await importWithReload(() => import("./incident-trip-drawer"));
  return { default: module.IncidentTripDrawer };
});
const ThresholdsDialog = lazy(async () => {
  const module = await importWithReload(() => import("./thresholds-dialog"));
  return { default: module.ThresholdsDialog };
});

/** Whether the dialog has ever opened: it loads then and stays mounted (its closing animation). */
function useOpenedOnce(open: boolean) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}

/** «Atender», loaded the first time an incident is acknowledged. */
export function LazyAcknowledgeDialog(props: AcknowledgeDialogProps) {
  if (!useOpenedOnce(props.incident !== null)) return null;
  return (
    <Suspense fallback={null}>
      <AcknowledgeDialog {...props} />
    </Suspense>
  );
}

/** «Cerrar» a safety incident (issue 38), loaded the first time one is closed. */
export function LazyCloseIncidentDialog(props: CloseIncidentDialogProps) {
  if (!useOpenedOnce(props.incident !== null)) return null;
  return (
    <Suspense fallback={null}>
      <CloseIncidentDialog {...props} />
    </Suspense>
  );
}

/** «Umbrales de incidencias», loaded the first time it opens. */
export function LazyThresholdsDialog(props: ThresholdsDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ThresholdsDialog {...props} />
    </Suspense>
  );
}

/** The incident's trip, loaded the first time an incident is opened. */
export function LazyIncidentTripDrawer(props: Parameters<typeof Drawer>[0]) {
  if (!useOpenedOnce(props.incident !== null)) return null;
  return (
    <Suspense fallback={null}>
      <IncidentTripDrawer {...props} />
    </Suspense>
  );
}
