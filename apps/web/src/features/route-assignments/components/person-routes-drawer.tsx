import { getErrorMessage } from "@treiber/client";
import { formatClockTime } from "@treiber/client/format";
import type { AssignedRoute, Status } from "@treiber/contract";
import { Alert, App, Drawer } from "antd";
import { useMemo } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { useAddDriverRoute } from "../api/add-driver-route";
import { useAddEmployeeRoute } from "../api/add-employee-route";
import { useAssignableRoutes } from "../api/list-assignable-routes";
import { useDriverRoutes } from "../api/list-driver-routes";
import { useEmployeeRoutes } from "../api/list-employee-routes";
import { useRemoveDriverRoute } from "../api/remove-driver-route";
import { useRemoveEmployeeRoute } from "../api/remove-employee-route";
import { AssignPicker } from "./assign-picker";
import { AssignedList } from "./assigned-list";

export type PersonKind = "driver" | "employee";

export interface PersonRoutesTarget {
  kind: PersonKind;
  /** driverId or employeeId. */
  id: number;
  name: string;
  status: Status;
}

export interface PersonRoutesDrawerProps {
  person: PersonRoutesTarget | null;
  onClose: () => void;
}

function describeRoute(route: AssignedRoute): string {
  const days = route.days.map((day) => day.name).join(", ");
  const time = route.departureTime ? ` · ${formatClockTime(route.departureTime)}` : "";
  return `${route.destinationName}${days ? ` · ${days}` : ""}${time}`;
}

function usePersonRoutes(person: PersonRoutesTarget) {
  const driverRoutes = useDriverRoutes(person.kind === "driver" ? person.id : null);
  const employeeRoutes = useEmployeeRoutes(person.kind === "employee" ? person.id : null);
  return person.kind === "driver" ? driverRoutes : employeeRoutes;
}

function PersonRoutes({ person }: { person: PersonRoutesTarget }) {
  const { message } = App.useApp();
  const canAssign = person.status === "active";
  const routes = usePersonRoutes(person);
  const candidates = useAssignableRoutes(canAssign);
  const addDriver = useAddDriverRoute();
  const addEmployee = useAddEmployeeRoute();
  const removeDriver = useRemoveDriverRoute();
  const removeEmployee = useRemoveEmployeeRoute();
  const isDriver = person.kind === "driver";
  const adding = isDriver ? addDriver.isPending : addEmployee.isPending;
  const removing = isDriver ? removeDriver : removeEmployee;

  const options = useMemo(() => {
    const taken = new Set((routes.data ?? []).map((route) => route.id));
    return (candidates.data ?? [])
      .filter((route) => !taken.has(route.id))
      .map((route) => ({ value: route.id, label: route.name }));
  }, [routes.data, candidates.data]);

  const add = (routeId: number) => {
    const callbacks = {
      onSuccess: () => void message.success("Ruta asignada"),
      onError: (error: unknown) => void message.error(getErrorMessage(error)),
    };
    return isDriver
      ? addDriver.mutateAsync({ driverId: person.id, routeId }, callbacks)
      : addEmployee.mutateAsync({ employeeId: person.id, routeId }, callbacks);
  };

  const remove = (routeId: number) => {
    const callbacks = {
      onSuccess: () => void message.success("Ruta removida"),
      onError: (error: unknown) => void message.error(getErrorMessage(error)),
    };
    if (isDriver) removeDriver.mutate({ driverId: person.id, routeId }, callbacks);
    else removeEmployee.mutate({ employeeId: person.id, routeId }, callbacks);
  };

  return (
    <>
      {!canAssign && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${isDriver ? "El chofer" : "El colaborador"} está inactivo: no se le pueden asignar rutas.`}
        />
      )}
      <AssignPicker
        placeholder="Buscar ruta"
        options={options}
        loading={candidates.isFetching}
        loadError={candidates.isError}
        disabled={!canAssign}
        adding={adding}
        onAdd={add}
      />
      <SectionTitle style={{ marginTop: 16 }}>Rutas asignadas</SectionTitle>
      <AssignedList
        label="Lista de rutas asignadas"
        items={routes.data?.map((route) => ({
          id: route.id,
          title: route.name,
          description: describeRoute(route),
          status: route.status,
        }))}
        loading={routes.isLoading}
        error={routes.error}
        emptyText="No tiene rutas asignadas"
        removeQuestion={(item) => `¿Quitar la ruta "${item.title}" a ${person.name}?`}
        removingId={removing.isPending ? (removing.variables?.routeId ?? null) : null}
        onRemove={(item) => remove(item.id)}
      />
    </>
  );
}

/** Routes of one driver or collaborator: list, assign (active routes only) and remove. */
export function PersonRoutesDrawer({ person, onClose }: PersonRoutesDrawerProps) {
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={person !== null}
      title={person ? `Rutas de ${person.name}` : "Rutas"}
      size={isMobile ? "100%" : 520}
      onClose={onClose}
      destroyOnHidden
    >
      {person && <PersonRoutes key={`${person.kind}-${person.id}`} person={person} />}
    </Drawer>
  );
}
