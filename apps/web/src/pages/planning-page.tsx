import { PlanningView } from "../features/planning/components/planning-view";
import { PageSection } from "../shared/components/page-section";
import { RelatedLinks } from "../shared/components/related-links";

/** /planning: the planner proposes the routes of a shift from where the riders live (issue 23). */
export function PlanningPage() {
  return (
    <PageSection title="Planificación">
      <RelatedLinks
        links={[
          { to: "/route", label: "Rutas Programadas" },
          { to: "/routeDestination", label: "Rutas Destino" },
          { to: "/collaborator", label: "Colaboradores" },
        ]}
      />
      <PlanningView />
    </PageSection>
  );
}
