import { Empty, Flex, Skeleton } from "antd";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { usePlanningSelection } from "../hooks/use-planning-selection";
import { ChooseWorkplaceEmpty } from "./choose-workplace-empty";
import { CompanyPlanWorkspace } from "./company-plan-workspace";
import { DayPlanWorkspace } from "./day-plan-workspace";
import { NoShiftsEmpty } from "./no-shifts-empty";
import { PlanningFilters } from "./planning-filters";
import { PlanningModeSwitch } from "./planning-mode-switch";
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
  const selection = usePlanningSelection();
  const {
    filters,
    branchOffices,
    branchOfficeList,
    branchOfficeId,
    shifts,
    shiftId,
    context,
    destinationId,
  } = selection;
  const newShift = onNewShift && (() => onNewShift(branchOfficeId));

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
      <PlanningBody selection={selection} newShift={newShift} />
    </Flex>
  );
}

/**
 * Under the filters: what is missing (branch offices, shifts, workplaces: with where to create
 * them), an error, the loading skeleton, or the workspace of the chosen mode.
 */
function PlanningBody({
  selection,
  newShift,
}: {
  selection: ReturnType<typeof usePlanningSelection>;
  newShift: (() => void) | undefined;
}) {
  const { filters, branchOffices, branchOfficeList, branchOfficeId, shifts, context, destinationId } =
    selection;
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
    body = <NoShiftsEmpty name={name} branchOfficeId={branchOfficeId} onNewShift={newShift} />;
  } else if (filters.mode === "company" && branchOfficeId !== null && shifts.data) {
    body = (
      <Flex vertical gap={16}>
        <PlanningModeSwitch mode={filters.mode} onMode={filters.setMode} />
        <CompanyPlanWorkspace key={branchOfficeId} branchOfficeId={branchOfficeId} shifts={shifts.data} />
      </Flex>
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
    body = <ChooseWorkplaceEmpty branchOfficeName={context.data.shift.branchOfficeName} />;
  } else if (context.data) {
    const data = context.data;
    body = (
      <Flex vertical gap={16}>
        <PlanningModeSwitch mode={filters.mode} onMode={filters.setMode} />
        {filters.mode === "day" ? (
          <DayPlanWorkspace key={`${data.shift.id}-${data.destinationId}`} context={data} />
        ) : (
          <PlanningWorkspace
            key={`${data.shift.id}-${data.destinationId}-${applied}`}
            context={data}
            onReload={() => context.refetch()}
            onApplied={() => setApplied((count) => count + 1)}
          />
        )}
      </Flex>
    );
  } else if (branchOffices.isPending || shifts.isPending || context.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 8 }} data-testid="planning-loading" />;
  }
  return body;
}
