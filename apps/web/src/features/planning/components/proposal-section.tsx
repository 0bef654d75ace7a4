import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { formatNumber } from "@treiber/client/format";
import {
  PLAN_CHANGED_MESSAGE,
  type PlanningApplyResponse,
  type PlanningContext,
  planFigures,
  routeWarnings,
} from "@treiber/contract";
import { Alert, App, Button, Card, Col, Flex, Row, Tooltip, Typography } from "antd";
import { type Dispatch, useMemo, useState } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { useApplyPlan } from "../api/apply-plan";
import { brokenConstraints } from "../lib/broken-constraints";
import { moveOptions, moveTarget } from "../lib/move-options";
import { previewMove } from "../lib/move-preview";
import { applyProblem, applyRequest, planChanges } from "../lib/plan-changes";
import { type PlanDraft, type PlanDraftAction, remainingUnassigned } from "../lib/plan-draft";
import type { RiderHome } from "../lib/plan-edits";
import { nextRouteName, priceRoutes, ridersLeftWithoutRoute, zeroCostToWrite } from "../lib/route-pricing";
import { ApplyPlanModal } from "./apply-plan-modal";
import { FiguresComparison } from "./figures-comparison";
import { LazyPlanMap } from "./lazy-plan-map";
import { PlanRoutesTable } from "./plan-routes-table";
import { UnassignedList } from "./unassigned-list";

export interface ProposalSectionProps {
  context: PlanningContext;
  draft: PlanDraft;
  dispatch: Dispatch<PlanDraftAction>;
  dayIds: number[];
  dayNames: string[];
  /** The shift's name, the base of a route the admin opens («Mañana» → «Mañana 12»). */
  newRouteName: string;
  onDiscard: () => void;
  onApplied: (response: PlanningApplyResponse) => void;
  /** After a 409: reload the context and ask the planner again. */
  onRepropose: () => void;
}

/** «2 colaboradores notificados», or «2 colaboradores y 1 chofer notificados» (decision 0067). */
export function notifiedText(response: Pick<PlanningApplyResponse, "notified" | "driversNotified">): string {
  const drivers = response.driversNotified ?? 0;
  if (drivers === 0) return `${response.notified} colaboradores notificados`;
  return `${response.notified} colaboradores y ${drivers} ${drivers === 1 ? "chofer" : "choferes"} notificados`;
}

/** The proposal: figures against the current routes, warnings, the unassigned, map, routes; Aplicar / Descartar. */
export function ProposalSection({
  context,
  draft,
  dispatch,
  dayIds,
  dayNames,
  newRouteName,
  onDiscard,
  onApplied,
  onRepropose,
}: ProposalSectionProps) {
  const { message, modal } = App.useApp();
  const apply = useApplyPlan();
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const { params } = draft.proposal;
  const { routes } = draft;

  // Costs as apply writes them: a move changes a route's km, and a rate per km its cost (issue 33).
  const priced = useMemo(
    () => priceRoutes(routes, context.drivers, params),
    [routes, context.drivers, params],
  );
  const figures = useMemo(() => planFigures(priced, params), [priced, params]);
  const warnings = useMemo(() => routes.flatMap((route) => routeWarnings(route, params)), [routes, params]);
  const unassigned = remainingUnassigned(draft);
  const riders = useMemo(
    () => new Map(context.riders.map((rider) => [rider.employeeId, rider])),
    [context.riders],
  );
  const unassignedNames = new Map(
    unassigned.map((rider) => [rider.employeeId, `${rider.name} ${rider.lastname}`]),
  );
  const riderName = (employeeId: number) => {
    const rider = riders.get(employeeId);
    return rider
      ? `${rider.name} ${rider.lastname}`
      : (unassignedNames.get(employeeId) ?? `Colaborador ${employeeId}`);
  };
  const home = (employeeId: number): RiderHome | null => {
    const rider = riders.get(employeeId);
    if (!rider || rider.latitude === null || rider.longitude === null) return null;
    return {
      employeeId,
      name: `${rider.name} ${rider.lastname}`,
      address: rider.address,
      latitude: rider.latitude,
      longitude: rider.longitude,
    };
  };
  const target = (value: string) =>
    moveTarget(value, context.drivers, nextRouteName(newRouteName, routes, draft.proposal.nextRouteNumber));
  const moveStop = (stopKey: string, value: string) => {
    const to = target(value);
    if (to) dispatch({ type: "moveStop", stopKey, target: to });
  };
  const moveRider = (employeeId: number, value: string) => {
    const to = target(value);
    if (to) dispatch({ type: "moveRider", employeeId, home: home(employeeId), target: to });
  };
  // «Mover a…» shows what each choice would do to its route before it is made (issue 33).
  const previewStop = (stopKey: string, value: string) => {
    const to = target(value);
    return to ? previewMove(routes, params, { kind: "stop", stopKey }, to) : null;
  };
  const previewRider = (employeeId: number, value: string) => {
    const to = target(value);
    return to ? previewMove(routes, params, { kind: "rider", employeeId, home: home(employeeId) }, to) : null;
  };

  const problem = applyProblem(routes) ?? (dayIds.length === 0 ? "Seleccione al menos un día" : null);
  const changes = useMemo(() => planChanges(context, routes), [context, routes]);
  const broken = useMemo(() => brokenConstraints(routes, params), [routes, params]);
  const destination = context.destinations.find((item) => item.id === context.destinationId);

  const discard = () => {
    if (draft.moves === 0) {
      onDiscard();
      return;
    }
    modal.confirm({
      title: "¿Descartar la propuesta?",
      content: `Se pierden los ${draft.moves === 1 ? "cambios hechos (1 movimiento)" : `cambios hechos (${draft.moves} movimientos)`}. No se escribe nada.`,
      okText: "Descartar",
      cancelText: "Volver",
      onOk: onDiscard,
    });
  };

  const confirmApply = async (acceptBrokenLimits: boolean) => {
    try {
      const response = await apply.mutateAsync(
        applyRequest({
          shiftId: context.shift.id,
          destinationId: context.destinationId,
          dayIds,
          version: draft.proposal.version,
          params,
          routes,
          acceptBrokenLimits,
        }),
      );
      setConfirming(false);
      message.success(
        `${response.message}: ${response.created} rutas nuevas, ${response.updated} actualizadas, ${response.deactivated} desactivadas; ${notifiedText(response)}`,
      );
      onApplied(response);
    } catch (error) {
      if (getErrorStatus(error) === 409) {
        setConfirming(false);
        setConflict(getErrorMessage(error, PLAN_CHANGED_MESSAGE));
      }
    }
  };

  return (
    <Card
      size="small"
      title={<SectionTitle style={{ margin: 0 }}>Propuesta</SectionTitle>}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">
            Buscó {formatNumber(draft.proposal.seconds, 1, 1)} s
            {draft.moves > 0 ? ` · ${draft.moves} ${draft.moves === 1 ? "movimiento" : "movimientos"}` : ""}
          </Typography.Text>
          <Button onClick={discard}>Descartar</Button>
          <Tooltip title={problem}>
            <Button
              type="primary"
              disabled={problem !== null || conflict !== null}
              onClick={() => {
                apply.reset();
                setConfirming(true);
              }}
            >
              Aplicar
            </Button>
          </Tooltip>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {conflict ? (
          <Alert
            type="error"
            showIcon
            title={conflict}
            action={
              <Button size="small" type="primary" onClick={onRepropose}>
                Volver a proponer
              </Button>
            }
          />
        ) : null}
        <Typography.Text type="secondary">
          Nada cambia hasta aplicar. Mueva una parada o un colaborador desde el detalle de cada ruta.
        </Typography.Text>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <SectionTitle level={3} style={{ marginTop: 0 }}>
              Cifras
            </SectionTitle>
            <FiguresComparison current={context.current.figures} proposed={figures} />
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={8}>
              {warnings.map((warning) => (
                <Alert key={warning} type="warning" showIcon title={warning} />
              ))}
              <UnassignedList
                riders={unassigned}
                canPlace={(employeeId) => home(employeeId) !== null}
                options={moveOptions(routes, context.drivers, null)}
                onPlace={moveRider}
                preview={previewRider}
              />
            </Flex>
          </Col>
        </Row>
        <LazyPlanMap
          routes={routes}
          direction={params.direction}
          workplace={{ ...params.workplace, name: destination?.name ?? "Lugar de trabajo" }}
        />
        <section aria-labelledby="planning-routes">
          <SectionTitle level={3} style={{ marginTop: 0 }}>
            <span id="planning-routes">Rutas propuestas ({routes.length})</span>
          </SectionTitle>
          <PlanRoutesTable
            routes={routes}
            params={params}
            drivers={context.drivers}
            riderName={riderName}
            onMoveStop={moveStop}
            onMoveRider={moveRider}
            previewStop={previewStop}
            previewRider={previewRider}
          />
        </section>
      </Flex>
      <ApplyPlanModal
        open={confirming}
        changes={changes}
        days={dayNames}
        broken={broken}
        pending={apply.isPending}
        error={apply.error && getErrorStatus(apply.error) !== 409 ? apply.error : null}
        onConfirm={confirmApply}
        warnings={{
          zeroCost: zeroCostToWrite(priced),
          withoutRoute: ridersLeftWithoutRoute(unassigned, changes),
        }}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
