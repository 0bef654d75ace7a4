import type { PlanningContext } from "@treiber/contract";
import { Alert, Card, Col, Flex, Row } from "antd";
import { Link } from "react-router";
import { SectionTitle } from "../../../shared/components/section-title";
import type { useWorkspaceChoices } from "../hooks/use-workspace-choices";
import { DaysField } from "./days-field";
import { FiguresComparison } from "./figures-comparison";
import { PlanningParameters } from "./planning-parameters";
import { RidersPanel } from "./riders-panel";
import { VehiclesSelect } from "./vehicles-select";

export interface PlanningChoicesProps {
  context: PlanningContext;
  choices: ReturnType<typeof useWorkspaceChoices>;
  /** A search runs: the choices wait. */
  busy: boolean;
}

/** Days, parameters, who is planned and with which vehicles, beside the current routes' figures. */
export function PlanningChoices({ context, choices, busy }: PlanningChoicesProps) {
  const { dayIds, parameters, selectedRiders, driverIds, employeeIds, workplaceLocated } = choices;
  return (
    <>
      <Card size="small">
        <Flex vertical gap={12}>
          <DaysField value={dayIds} onChange={choices.setDayIds} />
          <PlanningParameters
            values={parameters}
            onChange={choices.setParameters}
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
            onChange={choices.setSelectedRiders}
            disabled={busy}
          />
        </Col>
        <Col xs={24} xl={11}>
          <Flex vertical gap={16}>
            <VehiclesSelect
              drivers={context.drivers}
              selected={driverIds}
              onChange={choices.setDriverIds}
              riders={employeeIds.length}
              disabled={busy}
            />
            <Card size="small" title={<SectionTitle style={{ margin: 0 }}>Rutas actuales</SectionTitle>}>
              <FiguresComparison current={context.current.figures} proposed={null} />
            </Card>
          </Flex>
        </Col>
      </Row>
    </>
  );
}
