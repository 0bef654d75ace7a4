import type { PlanFigures } from "@treiber/contract";
import { Alert, Col, Flex, Row } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";
import { FiguresComparison } from "./figures-comparison";
import { UnassignedList, type UnassignedListProps } from "./unassigned-list";

export interface ProposalOverviewProps {
  current: PlanFigures;
  proposed: PlanFigures;
  warnings: string[];
  unassigned: UnassignedListProps;
}

/** «Cifras» against the current routes beside the warnings and «Sin asignar». */
export function ProposalOverview({ current, proposed, warnings, unassigned }: ProposalOverviewProps) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <SectionTitle level={3} style={{ marginTop: 0 }}>
          Cifras
        </SectionTitle>
        <FiguresComparison current={current} proposed={proposed} />
      </Col>
      <Col xs={24} xl={10}>
        <Flex vertical gap={8}>
          {warnings.map((warning) => (
            <Alert key={warning} type="warning" showIcon title={warning} />
          ))}
          <UnassignedList {...unassigned} />
        </Flex>
      </Col>
    </Row>
  );
}
