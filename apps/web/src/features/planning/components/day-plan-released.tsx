import type { DayPlanProposal } from "@treiber/contract";
import { Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";

export interface DayPlanReleasedProps {
  released: DayPlanProposal["released"];
}

/** «Buses liberados»: the standing routes that do not run that date, with their driver and plate. */
export function DayPlanReleased({ released }: DayPlanReleasedProps) {
  return (
    <section aria-labelledby="day-plan-released">
      <SectionTitle level={3} style={{ marginTop: 0 }}>
        <span id="day-plan-released">Buses liberados ({released.length})</span>
      </SectionTitle>
      {released.length === 0 ? (
        <Typography.Text type="secondary">Ese día corren todas las rutas fijas.</Typography.Text>
      ) : (
        <ul aria-label="Buses liberados" style={{ margin: 0, paddingInlineStart: 20 }}>
          {released.map((route) => (
            <li key={route.routeId}>
              <Typography.Text strong>{route.name}</Typography.Text>
              {" · "}
              {route.driverName ?? "Sin chofer"}
              {" · "}
              {route.vehiclePlate ?? "Sin placa"}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
