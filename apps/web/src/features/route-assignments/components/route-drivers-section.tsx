import { getErrorMessage } from "@treiber/client";
import { App } from "antd";
import { useMemo } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { useDriverNames } from "../../../shared/lookups/list-driver-names";
import { useAddDriverRoute } from "../api/add-driver-route";
import { useRouteAssignments } from "../api/list-route-assignments";
import { useRemoveDriverRoute } from "../api/remove-driver-route";
import { AssignPicker } from "./assign-picker";
import { AssignedList } from "./assigned-list";

export interface RouteSectionProps {
  routeId: number;
  routeName: string;
  /** False when the route is inactive: nothing can be assigned to it. */
  canAssign: boolean;
}

export function RouteDriversSection({ routeId, routeName, canAssign }: RouteSectionProps) {
  const { message } = App.useApp();
  const assignments = useRouteAssignments(routeId);
  const candidates = useDriverNames(canAssign, 30_000);
  const add = useAddDriverRoute();
  const remove = useRemoveDriverRoute();

  const assigned = assignments.data?.drivers;
  const options = useMemo(() => {
    const taken = new Set((assigned ?? []).map((driver) => driver.id));
    return (candidates.data ?? [])
      .filter((driver) => !taken.has(driver.id))
      .map((driver) => ({ value: driver.id, label: `${driver.name} ${driver.lastname}`.trim() }));
  }, [assigned, candidates.data]);

  return (
    <section aria-label="Choferes asignados">
      <SectionTitle>Choferes</SectionTitle>
      <AssignPicker
        placeholder="Buscar chofer"
        options={options}
        loading={candidates.isFetching}
        loadError={candidates.isError}
        disabled={!canAssign}
        adding={add.isPending}
        onAdd={(driverId) =>
          add.mutateAsync(
            { driverId, routeId },
            {
              onSuccess: () => void message.success("Chofer asignado a la ruta"),
              onError: (error) => void message.error(getErrorMessage(error)),
            },
          )
        }
      />
      <div style={{ marginTop: 8 }}>
        <AssignedList
          label="Lista de choferes asignados"
          items={assigned?.map((driver) => ({
            id: driver.id,
            title: `${driver.name} ${driver.lastname}`.trim(),
            description: `${driver.identityCard} · ${driver.supplierName}`,
            status: driver.status,
          }))}
          loading={assignments.isLoading}
          error={assignments.error}
          emptyText="No hay choferes asignados"
          removeQuestion={(item) => `¿Quitar a "${item.title}" de la ruta ${routeName}?`}
          removingId={remove.isPending ? (remove.variables?.driverId ?? null) : null}
          onRemove={(item) =>
            remove.mutate(
              { driverId: item.id, routeId },
              {
                onSuccess: () => void message.success("Chofer removido de la ruta"),
                onError: (error) => void message.error(getErrorMessage(error)),
              },
            )
          }
        />
      </div>
    </section>
  );
}
