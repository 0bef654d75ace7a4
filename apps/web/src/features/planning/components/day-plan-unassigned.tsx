import type { DayPlanProposal } from "@treiber/contract";
import { Flex, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";

export interface DayPlanUnassignedProps {
  riders: DayPlanProposal["unassigned"];
}

/** «Sin asignar»: who the day's plan could not seat and why; they keep their standing route. */
export function DayPlanUnassigned({ riders }: DayPlanUnassignedProps) {
  return (
    <section aria-labelledby="day-plan-unassigned">
      <SectionTitle level={3} style={{ marginTop: 0 }}>
        <span id="day-plan-unassigned">Sin asignar ({riders.length})</span>
      </SectionTitle>
      {riders.length === 0 ? (
        <Typography.Text type="secondary">Todos los que viajan ese día tienen asiento.</Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary">Conservan su ruta fija ese día.</Typography.Text>
          <ul
            aria-label="Sin asignar"
            style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 220, overflowY: "auto" }}
          >
            {riders.map((rider) => (
              <li key={rider.employeeId} style={{ padding: "4px 0" }}>
                <Flex vertical>
                  <Typography.Text>{`${rider.name} ${rider.lastname}`}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {rider.reason}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
