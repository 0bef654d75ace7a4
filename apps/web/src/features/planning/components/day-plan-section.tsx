import { getErrorStatus } from "@treiber/client";
import { formatNumber } from "@treiber/client/format";
import { type DayPlanProposal, routeWarnings } from "@treiber/contract";
import { Alert, Button, Card, Col, Flex, Row, Typography } from "antd";
import { useMemo } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { formatServiceDate } from "../../../shared/format";
import { useApplyDayPlanProposal } from "../hooks/use-apply-day-plan";
import { brokenConstraints } from "../lib/broken-constraints";
import { DayPlanApplyModal } from "./day-plan-apply-modal";
import { DayPlanFigures } from "./day-plan-figures";
import { DayPlanMoved } from "./day-plan-moved";
import { DayPlanReleased } from "./day-plan-released";
import { DayPlanRoutes } from "./day-plan-routes";
import { DayPlanUnassigned } from "./day-plan-unassigned";
import { PlanConflictAlert } from "./plan-conflict-alert";
import { TravelSourceNote } from "./travel-source-note";

export interface DayPlanSectionProps {
  shiftId: number;
  destinationId: number;
  proposal: DayPlanProposal;
  workplaceName: string;
  riderName: (employeeId: number) => string;
  onDiscard: () => void;
  onApplied: () => void;
  /** After a 409: ask the planner again for that date. */
  onRepropose: () => void;
}

const ridersText = (proposal: DayPlanProposal) =>
  `${proposal.riders === 1 ? "1 colaborador viaja" : `${proposal.riders} colaboradores viajan`} el ${formatServiceDate(proposal.date)}${proposal.waitlistedSeated > 0 ? ` (${proposal.waitlistedSeated} de la lista de espera con asiento)` : ""}.`;

/** The plan of the day beside the standing plan: figures, buses released, who moves, routes; «Aplicar plan del día». */
export function DayPlanSection(props: DayPlanSectionProps) {
  const { proposal, onDiscard, onRepropose } = props;
  const applying = useApplyDayPlanProposal(props);
  const broken = useMemo(() => brokenConstraints(proposal.day.routes, proposal.params), [proposal]);
  const warnings = proposal.day.routes.flatMap((route) => routeWarnings(route, proposal.params));
  const headingId = "day-plan-proposal";
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={headingId}
      title={
        <SectionTitle style={{ margin: 0 }}>
          <span id={headingId}>Plan del día propuesto</span>
        </SectionTitle>
      }
      extra={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">Buscó {formatNumber(proposal.seconds, 1, 1)} s</Typography.Text>
          <Button onClick={onDiscard}>Descartar</Button>
          <Button
            type="primary"
            disabled={applying.conflict !== null || proposal.day.routes.length === 0}
            onClick={applying.startConfirming}
          >
            Aplicar plan del día
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {applying.conflict ? (
          <PlanConflictAlert message={applying.conflict} onRepropose={onRepropose} />
        ) : null}
        <Typography.Text type="secondary">
          {ridersText(proposal)} Nada cambia hasta aplicar, y solo cambia esa fecha.
        </Typography.Text>
        <TravelSourceNote proposal={proposal} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <SectionTitle level={3} style={{ marginTop: 0 }}>
              Cifras
            </SectionTitle>
            <DayPlanFigures
              standing={proposal.standing.totals}
              day={proposal.day.totals}
              released={proposal.released.length}
            />
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={16}>
              {warnings.map((warning) => (
                <Alert key={warning} type="warning" showIcon title={warning} />
              ))}
              <DayPlanReleased released={proposal.released} />
              <DayPlanUnassigned riders={proposal.unassigned} />
            </Flex>
          </Col>
        </Row>
        <DayPlanMoved moved={proposal.moved} />
        <DayPlanRoutes
          routes={proposal.day.routes}
          params={proposal.params}
          workplaceName={props.workplaceName}
          riderName={props.riderName}
        />
      </Flex>
      <DayPlanApplyModal
        open={applying.confirming}
        proposal={proposal}
        broken={broken}
        pending={applying.apply.isPending}
        error={
          applying.apply.error && getErrorStatus(applying.apply.error) !== 409 ? applying.apply.error : null
        }
        onConfirm={applying.confirmApply}
        onCancel={applying.stopConfirming}
      />
    </Card>
  );
}
