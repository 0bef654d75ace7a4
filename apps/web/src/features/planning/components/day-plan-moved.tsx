import { DAY_PLAN_NOTIFY_MINUTES, type DayPlanMovedRider } from "@treiber/contract";
import { Table, type TableColumnsType, Tag, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";
import { isNotified, minutesText, routeChangeText, timesText } from "../lib/day-plan";

export interface DayPlanMovedProps {
  moved: DayPlanMovedRider[];
}

const COLUMNS: TableColumnsType<DayPlanMovedRider> = [
  {
    title: "Colaborador",
    key: "name",
    width: 200,
    render: (_value, rider) => `${rider.name} ${rider.lastname}`,
  },
  { title: "Hora (antes → después)", key: "times", width: 220, render: (_value, rider) => timesText(rider) },
  {
    title: "Diferencia",
    key: "minutes",
    width: 100,
    align: "right",
    render: (_value, rider) => minutesText(rider.minutes),
  },
  {
    title: "Ruta",
    key: "route",
    width: 220,
    render: (_value, rider) =>
      routeChangeText(rider) ?? (
        <Typography.Text type="secondary">{rider.routeNameAfter ?? "—"}</Typography.Text>
      ),
  },
  {
    title: "Aviso",
    key: "notified",
    width: 90,
    render: (_value, rider) => (isNotified(rider) ? <Tag color="blue">Se avisa</Tag> : null),
  },
];

/** «Colaboradores con otra hora»: who rides at another time or on another bus, and by how much. */
export function DayPlanMoved({ moved }: DayPlanMovedProps) {
  return (
    <section aria-labelledby="day-plan-moved">
      <SectionTitle level={3} style={{ marginTop: 0 }}>
        <span id="day-plan-moved">Colaboradores con otra hora ({moved.length})</span>
      </SectionTitle>
      {moved.length === 0 ? (
        <Typography.Text type="secondary">Nadie cambia de hora ni de bus.</Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary">
            Se avisa a quien cambia de bus o de hora en más de {DAY_PLAN_NOTIFY_MINUTES} min.
          </Typography.Text>
          <Table<DayPlanMovedRider>
            size="small"
            rowKey="employeeId"
            pagination={moved.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            columns={COLUMNS}
            dataSource={moved}
            aria-label="Colaboradores con otra hora"
          />
        </>
      )}
    </section>
  );
}
