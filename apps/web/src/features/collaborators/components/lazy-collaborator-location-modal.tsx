import { lazy, Suspense, useRef } from "react";
import { importWithReload } from "../../../shared/lib/import-with-reload";
import type { CollaboratorLocationModalProps } from "./collaborator-location-modal";

const CollaboratorLocationModal = lazy(async () => {
  const module = await importWithReload(() => import("./collaborator-location-modal"));
  return { default: module.CollaboratorLocationModal };
});

/**
 * The location modal (a Leaflet map) loaded the first time it opens, so the collaborators list
 * loads no map code (decision 0029); kept mounted afterwards (its closing animation).
 */
export function LazyCollaboratorLocationModal(props: CollaboratorLocationModalProps) {
  const opened = useRef(false);
  if (props.collaborator) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <CollaboratorLocationModal {...props} />
    </Suspense>
  );
}
