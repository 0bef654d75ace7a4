import type { RouteListItem } from "@treiber/contract";
import { Alert, Divider, Drawer } from "antd";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { RouteCollaboratorsSection } from "./route-collaborators-section";
import { RouteDriversSection } from "./route-drivers-section";

/** The route whose assignments are shown. */
export type RouteAssignmentsTarget = Pick<RouteListItem, "id" | "name" | "status">;

export interface RouteAssignmentsDrawerProps {
  route: RouteAssignmentsTarget | null;
  onClose: () => void;
}

/** Drivers and collaborators of one route: list, assign (active only) and remove. */
export function RouteAssignmentsDrawer({ route, onClose }: RouteAssignmentsDrawerProps) {
  const isMobile = useIsMobile();
  const canAssign = route?.status === "active";
  return (
    <Drawer
      open={route !== null}
      title={route ? `Asignaciones de la ruta ${route.name}` : "Asignaciones"}
      size={isMobile ? "100%" : 560}
      onClose={onClose}
      destroyOnHidden
    >
      {route && (
        <>
          {!canAssign && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="La ruta está inactiva: no se le pueden asignar choferes ni colaboradores."
            />
          )}
          <RouteDriversSection routeId={route.id} routeName={route.name} canAssign={canAssign} />
          <Divider />
          <RouteCollaboratorsSection routeId={route.id} routeName={route.name} canAssign={canAssign} />
        </>
      )}
    </Drawer>
  );
}
