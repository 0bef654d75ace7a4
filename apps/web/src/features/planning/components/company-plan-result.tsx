import { formatKm, formatMinutes, formatMoney, formatNumber } from "@treiber/client/format";
import type { CompanyChain, CompanyPlan, CompanyPlanPart } from "@treiber/contract";
import { Alert, Descriptions, Flex, Table, type TableColumnsType, Typography } from "antd";

const PART_COLUMNS: TableColumnsType<CompanyPlanPart> = [
  { title: "Turno", key: "shift", render: (_, part) => `${part.shiftName} (${part.shiftTime})` },
  { title: "Destino", dataIndex: "destinationName", key: "destination" },
  { title: "Vehículos", key: "vehicles", render: (_, part) => formatNumber(part.proposal.figures.vehicles) },
  { title: "Colaboradores", key: "riders", render: (_, part) => formatNumber(part.proposal.figures.riders) },
  { title: "Km", key: "km", render: (_, part) => formatKm(part.proposal.figures.km, 1) },
  { title: "Costo", key: "cost", render: (_, part) => formatMoney(part.proposal.figures.cost) },
  {
    title: "Sin asignar",
    key: "unassigned",
    render: (_, part) => formatNumber(part.proposal.unassigned.length),
  },
];

const CHAIN_COLUMNS: TableColumnsType<CompanyChain> = [
  {
    title: "Chofer",
    key: "driver",
    render: (_, chain) =>
      chain.vehiclePlate ? `${chain.driverName} · ${chain.vehiclePlate}` : chain.driverName,
  },
  {
    title: "Vueltas",
    key: "runs",
    render: (_, chain) => (
      <Flex vertical>
        {chain.runs.map((run) => (
          <Typography.Text key={run.runId}>
            {run.start}–{run.end} {run.routeName}
            {run.restMinutes > 0 ? ` (descanso ${formatMinutes(run.restMinutes)})` : ""}
          </Typography.Text>
        ))}
      </Flex>
    ),
  },
  { title: "Km en vacío", key: "deadhead", render: (_, chain) => formatKm(chain.deadheadKm, 1) },
  { title: "Jornada", key: "span", render: (_, chain) => formatMinutes(chain.spanMinutes) },
];

/** «Toda la sucursal»'s answer, read-only: totals, each shift and workplace, the drivers' runs. */
export function CompanyPlanResult({ plan }: { plan: CompanyPlan }) {
  const { totals } = plan;
  return (
    <Flex vertical gap={16} role="region" aria-label="Plan de toda la sucursal">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: "chained",
            label: "Vehículos encadenando vueltas",
            children: formatNumber(totals.vehiclesChained),
          },
          { key: "one", label: "Un vehículo por vuelta", children: formatNumber(totals.vehiclesOnePerRun) },
          { key: "riders", label: "Colaboradores", children: formatNumber(totals.riders) },
          { key: "unassigned", label: "Sin asignar", children: formatNumber(totals.unassigned) },
          { key: "km", label: "Km con colaboradores", children: formatKm(totals.km, 1) },
          { key: "deadhead", label: "Km en vacío", children: formatKm(totals.deadheadKm, 1) },
          { key: "cost", label: "Costo por viaje", children: formatMoney(totals.cost) },
          {
            key: "spread",
            label: "Diferencia de jornada",
            children: formatMinutes(totals.workSpreadMinutes),
          },
        ]}
      />
      {plan.notes.map((note) => (
        <Alert key={note} type="warning" showIcon message={note} />
      ))}
      <Table
        aria-label="Cifras por turno y destino"
        rowKey={(part) => `${part.shiftId}-${part.destinationId}`}
        size="small"
        pagination={false}
        columns={PART_COLUMNS}
        dataSource={plan.parts}
      />
      <Table
        aria-label="Vueltas por chofer"
        rowKey="driverId"
        size="small"
        pagination={false}
        columns={CHAIN_COLUMNS}
        dataSource={plan.chains}
      />
      {plan.unchained.length > 0 ? (
        <Alert
          type="error"
          showIcon
          message={`${plan.unchained.length} vueltas sin vehículo`}
          description={plan.unchained
            .map((run) => `${run.start} ${run.routeName}: ${run.reason}`)
            .join(" · ")}
        />
      ) : null}
    </Flex>
  );
}
