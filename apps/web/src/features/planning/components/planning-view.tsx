import { Button, Empty, Flex, Skeleton, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useActiveShifts } from "../../../shared/lookups/list-active-shifts";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { usePlanningContext } from "../api/get-planning-context";
import { useBranchOfficeShifts } from "../api/list-branch-office-shifts";
import { usePlanningFilters } from "../hooks/use-planning-filters";
import { ownWorkplace } from "../lib/own-workplace";
import { PlanningFilters } from "./planning-filters";
import { PlanningWorkspace } from "./planning-workspace";

export interface PlanningViewProps {
  /** «Nuevo turno» / «Cree un turno»: creates a shift of this branch office here (issue 33). */
  onNewShift?: (branchOfficeId: number | null) => void;
}

/**
 * Planificación: the filters, then the workspace of the chosen shift and workplace. Without a
 * choice in the URL, the first branch office that has shifts (else the first), its first shift (by
 * time) and the workplace its routes go to; never another branch office's: then it asks.
 */
export function PlanningView({ onNewShift }: PlanningViewProps = {}) {
  const filters = usePlanningFilters();
  const branchOffices = useBranchOfficeNames();
  const branchOfficeList = branchOffices.data?.filter((item) => item.id > 0);
  const activeShifts = useActiveShifts(filters.branchOfficeId === null);
  const withShifts = new Set(activeShifts.data?.map((shift) => shift.branchOfficeId));
  const waitingForShifts = filters.branchOfficeId === null && activeShifts.isPending;
  const branchOfficeId =
    filters.branchOfficeId ??
    (waitingForShifts
      ? null
      : (branchOfficeList?.find((item) => withShifts.has(item.id)) ?? branchOfficeList?.[0])?.id) ??
    null;
  const shifts = useBranchOfficeShifts(branchOfficeId);
  const shiftId = filters.shiftId ?? shifts.data?.[0]?.id ?? null;
  const context = usePlanningContext(shiftId, filters.destinationId);
  // The server's own pick of a workplace counts only when it is one of the branch office's.
  const destinationId =
    filters.destinationId ?? (context.data && ownWorkplace(context.data) ? context.data.destinationId : null);
  const newShift = onNewShift && (() => onNewShift(branchOfficeId));
  // Applying a plan starts the workspace again from the new current routes.
  const [applied, setApplied] = useState(0);

  let body: ReactNode = null;
  if (branchOffices.isError) {
    body = <ErrorAlert error={branchOffices.error} onRetry={() => branchOffices.refetch()} />;
  } else if (branchOfficeList && branchOfficeList.length === 0) {
    body = (
      <Empty description="No hay sucursales activas.">
        <Link to="/branchOffice">Ir a Sucursales</Link>
      </Empty>
    );
  } else if (shifts.isError) {
    body = <ErrorAlert error={shifts.error} onRetry={() => shifts.refetch()} />;
  } else if (shifts.data && shifts.data.length === 0) {
    const name = branchOfficeList?.find((item) => item.id === branchOfficeId)?.name;
    body = (
      <Empty
        description={
          <Flex vertical gap={4}>
            <Typography.Text>
              {name ? `La sucursal ${name} no tiene turnos.` : "La sucursal no tiene turnos."}
            </Typography.Text>
            <Typography.Text type="secondary">
              {newShift ? (
                <Button type="link" onClick={newShift} style={{ padding: 0, height: "auto" }}>
                  Cree un turno
                </Button>
              ) : (
                <Link to={branchOfficeId ? `/shift?branchOfficeId=${branchOfficeId}` : "/shift"}>
                  Cree un turno
                </Link>
              )}{" "}
              (entrada o salida, hora y días) para planificar sus rutas.
            </Typography.Text>
          </Flex>
        }
      />
    );
  } else if (context.isError) {
    body = <ErrorAlert error={context.error} onRetry={() => context.refetch()} />;
  } else if (context.data && context.data.destinations.length === 0) {
    body = (
      <Empty description="No hay lugares de trabajo activos para planificar.">
        <Link to="/routeDestination">Ir a Rutas Destino</Link>
      </Empty>
    );
  } else if (context.data && destinationId === null) {
    body = (
      <Empty
        description={
          <Flex vertical gap={4}>
            <Typography.Text>Elija el lugar de trabajo para planificar este turno.</Typography.Text>
            <Typography.Text type="secondary">
              La sucursal {context.data.shift.branchOfficeName} todavía no tiene rutas a ninguno.
            </Typography.Text>
          </Flex>
        }
      />
    );
  } else if (context.data) {
    const data = context.data;
    body = (
      <PlanningWorkspace
        key={`${data.shift.id}-${data.destinationId}-${applied}`}
        context={data}
        onReload={() => context.refetch()}
        onApplied={() => setApplied((count) => count + 1)}
      />
    );
  } else if (branchOffices.isPending || shifts.isPending || context.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 8 }} data-testid="planning-loading" />;
  }

  return (
    <Flex vertical gap={16}>
      <PlanningFilters
        branchOffices={branchOfficeList}
        branchOfficesLoading={branchOffices.isPending}
        branchOfficeId={branchOfficeId}
        onBranchOffice={filters.setBranchOffice}
        shifts={shifts.data}
        shiftsLoading={shifts.isFetching}
        shiftId={shiftId}
        onShift={filters.setShift}
        context={context.data}
        destinationId={destinationId}
        onDestination={filters.setDestination}
        onNewShift={newShift}
      />
      {body}
    </Flex>
  );
}
