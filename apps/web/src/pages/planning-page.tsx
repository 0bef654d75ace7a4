import { useState } from "react";
import { PlanningView } from "../features/planning/components/planning-view";
import { usePlanningFilters } from "../features/planning/hooks/use-planning-filters";
import { ShiftFormModal } from "../features/shifts/components/shift-form-modal";
import { PageSection } from "../shared/components/page-section";
import { RelatedLinks } from "../shared/components/related-links";

/**
 * /planning: the planner proposes the routes of a shift from where the riders live (issue 23). A
 * shift created here («Nuevo turno») is selected at once (issue 33).
 */
export function PlanningPage() {
  const filters = usePlanningFilters();
  const [newShift, setNewShift] = useState<{ branchOfficeId: number | null } | null>(null);
  return (
    <PageSection title="Planificación">
      <RelatedLinks
        links={[
          { to: "/route", label: "Rutas Programadas" },
          { to: "/routeDestination", label: "Rutas Destino" },
          { to: "/collaborator", label: "Colaboradores" },
        ]}
      />
      <PlanningView onNewShift={(branchOfficeId) => setNewShift({ branchOfficeId })} />
      <ShiftFormModal
        open={newShift !== null}
        branchOfficeId={newShift?.branchOfficeId}
        onClose={() => setNewShift(null)}
        onCreated={(created) => filters.selectShift(created.branchOfficeId, created.id)}
      />
    </PageSection>
  );
}
