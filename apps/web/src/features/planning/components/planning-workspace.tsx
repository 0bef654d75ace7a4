import { getErrorMessage } from "@treiber/client";
import {
  PLANNING_DEFAULTS,
  PLANNING_NO_RIDERS_MESSAGE,
  PLANNING_NO_VEHICLES_MESSAGE,
  type PlanningContext,
  type PlanningProposeRequest,
} from "@treiber/contract";
import { Alert, App, Button, Card, Col, Flex, Row, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { SectionTitle } from "../../../shared/components/section-title";
import { useLeaveGuard } from "../../../shared/hooks/use-leave-guard";
import { useDays } from "../../../shared/lookups/list-days";
import { usePlanProposal } from "../hooks/use-plan-proposal";
import { expectedSeconds } from "../lib/expected-seconds";
import { defaultRiderIds, riderGroups } from "../lib/rider-groups";
import { DaysField } from "./days-field";
import { FiguresComparison } from "./figures-comparison";
import { PlanningParameters, type PlanningParameterValues } from "./planning-parameters";
import { ProposalSection } from "./proposal-section";
import { ProposeProgress } from "./propose-progress";
import { RidersPanel } from "./riders-panel";
import { canCarry, VehiclesSelect } from "./vehicles-select";

export interface PlanningWorkspaceProps {
  context: PlanningContext;
  /** Reloads the context (after a conflict). */
  onReload: () => Promise<unknown>;
  /** The plan was applied: start again from the new current routes. */
  onApplied: () => void;
}

/**
 * One shift and workplace: days, parameters, who is planned and with which vehicles, «Proponer
 * rutas» with its progress and «Cancelar», and the proposal to edit and apply. Its choices start
 * from the context (the shift's days, the riders and drivers of the current routes).
 */
export function PlanningWorkspace({ context, onReload, onApplied }: PlanningWorkspaceProps) {
  const { modal, message } = App.useApp();
  const days = useDays();
  const [dayIds, setDayIds] = useState(() => context.shift.days.map((day) => day.id).sort((a, b) => a - b));
  const [parameters, setParameters] = useState<PlanningParameterValues>(() => ({
    walkRadiusMeters: PLANNING_DEFAULTS.walkRadiusMeters,
    serviceMinutes: context.params.serviceMinutes,
    maxRideMinutes: context.params.maxRideMinutes,
  }));
  const [selectedRiders, setSelectedRiders] = useState(() => new Set(defaultRiderIds(context.riders)));
  const [driverIds, setDriverIds] = useState(() =>
    context.drivers
      .filter((driver) => driver.routeId !== null && canCarry(driver))
      .map((driver) => driver.driverId),
  );
  const proposal = usePlanProposal();
  const moves = proposal.draft?.moves ?? 0;
  useLeaveGuard(moves > 0, {
    title: "¿Salir sin aplicar la propuesta?",
    content: `Se pierden los cambios hechos (${moves === 1 ? "1 movimiento" : `${moves} movimientos`}). No se escribe nada.`,
    leaveText: "Salir sin aplicar",
  });

  const plannable = useMemo(
    () =>
      new Set(
        riderGroups(context.riders)
          .filter((group) => group.selectable)
          .flatMap((group) => group.riders.map((rider) => rider.employeeId)),
      ),
    [context.riders],
  );
  const employeeIds = [...selectedRiders].filter((id) => plannable.has(id));
  const destination = context.destinations.find((item) => item.id === context.destinationId);
  const workplaceLocated = destination
    ? destination.latitude !== null && destination.longitude !== null
    : false;

  const problem = !workplaceLocated
    ? "El lugar de trabajo no tiene ubicación"
    : employeeIds.length === 0
      ? PLANNING_NO_RIDERS_MESSAGE
      : driverIds.length === 0
        ? PLANNING_NO_VEHICLES_MESSAGE
        : null;

  const body = (): PlanningProposeRequest => ({
    shiftId: context.shift.id,
    destinationId: context.destinationId,
    employeeIds,
    driverIds,
    ...parameters,
  });
  const proposeNow = () => proposal.propose(body());
  const onPropose = () => {
    if (proposal.draft && proposal.draft.moves > 0) {
      modal.confirm({
        title: "¿Proponer de nuevo?",
        content: "La propuesta nueva reemplaza la actual y sus cambios.",
        okText: "Proponer",
        cancelText: "Volver",
        onOk: proposeNow,
      });
    } else {
      proposeNow();
    }
  };
  const onCancel = () => {
    proposal.cancel();
    message.info("Propuesta cancelada");
  };

  const dayNames = dayIds.map(
    (id) =>
      days.data?.find((day) => day.id === id)?.name ??
      context.shift.days.find((day) => day.id === id)?.name ??
      String(id),
  );
  const busy = proposal.pending;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={12}>
          <DaysField value={dayIds} onChange={setDayIds} />
          <PlanningParameters
            values={parameters}
            onChange={setParameters}
            calibration={context.calibration}
            travelModel={context.travelModel}
            disabled={busy}
          />
        </Flex>
      </Card>
      {!workplaceLocated ? (
        <Alert
          type="warning"
          showIcon
          title="El lugar de trabajo no tiene ubicación: no se puede planificar."
          action={<Link to="/routeDestination">Ubicarlo en Rutas Destino</Link>}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={13}>
          <RidersPanel
            riders={context.riders}
            selected={selectedRiders}
            onChange={setSelectedRiders}
            disabled={busy}
          />
        </Col>
        <Col xs={24} xl={11}>
          <Flex vertical gap={16}>
            <VehiclesSelect
              drivers={context.drivers}
              selected={driverIds}
              onChange={setDriverIds}
              riders={employeeIds.length}
              disabled={busy}
            />
            <Card size="small" title={<SectionTitle style={{ margin: 0 }}>Rutas actuales</SectionTitle>}>
              <FiguresComparison current={context.current.figures} proposed={null} />
            </Card>
          </Flex>
        </Col>
      </Row>
      <Card size="small">
        {busy && proposal.startedAt !== null ? (
          <ProposeProgress
            startedAt={proposal.startedAt}
            expectedSeconds={expectedSeconds(employeeIds.length)}
            onCancel={onCancel}
          />
        ) : (
          <Flex align="center" gap={12} wrap>
            <Tooltip title={problem}>
              <Button type="primary" size="large" onClick={onPropose} disabled={problem !== null}>
                Proponer rutas
              </Button>
            </Tooltip>
            {problem ? <span>{problem}</span> : null}
          </Flex>
        )}
        {proposal.error ? (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={getErrorMessage(proposal.error)} />
        ) : null}
      </Card>
      {proposal.draft ? (
        <ProposalSection
          key={proposal.draft.serial}
          context={context}
          draft={proposal.draft}
          dispatch={proposal.dispatch}
          dayIds={dayIds}
          dayNames={dayNames}
          newRouteName={context.shift.name}
          onDiscard={proposal.discard}
          onApplied={onApplied}
          onRepropose={async () => {
            await onReload();
            proposeNow();
          }}
        />
      ) : null}
    </Flex>
  );
}
