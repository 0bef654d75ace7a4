import { formatClockTime, formatKm, formatMinutes } from "@treiber/client/format";
import type { PlanParams } from "@treiber/contract";
import { Flex, type TableColumnsType, Typography } from "antd";
import { PlanRouteNameCell } from "./plan-route-name-cell";
import type { PlanRouteRow } from "./plan-route-row";

export type { PlanRouteRow };

/** The proposal's route columns: name, driver and vehicle, seats, stops, km, first pickup, longest ride. */
export function planRouteColumns(params: PlanParams): TableColumnsType<PlanRouteRow> {
  return [
    { title: "Ruta", key: "name", width: 210, render: (_value, row) => <PlanRouteNameCell row={row} /> },
    {
      title: "Chofer / vehículo",
      key: "driver",
      width: 220,
      render: (_value, row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis>{row.driverName ?? "Sin chofer"}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {[row.vehiclePlate, row.supplierName].filter(Boolean).join(" · ") || "—"}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Asientos",
      key: "seats",
      width: 90,
      align: "right",
      render: (_value, row) => {
        const over = row.seats !== null && row.figures.riders > row.seats;
        return (
          <Typography.Text type={over ? "danger" : undefined}>
            {row.figures.riders} / {row.seats ?? "—"}
          </Typography.Text>
        );
      },
    },
    { title: "Paradas", key: "stops", width: 80, align: "right", render: (_value, row) => row.figures.stops },
    {
      title: "Km",
      key: "km",
      width: 90,
      align: "right",
      render: (_value, row) => formatKm(row.figures.km, 1),
    },
    {
      title: params.direction === "inbound" ? "Primera recogida" : "Salida",
      key: "firstPickup",
      width: 120,
      align: "right",
      render: (_value, row) => formatClockTime(row.figures.firstPickup),
    },
    {
      title: "Viaje más largo",
      key: "longestRide",
      width: 110,
      align: "right",
      render: (_value, row) => {
        const over = row.figures.longestRideMinutes > params.maxRideMinutes;
        return (
          <Typography.Text type={over ? "danger" : undefined}>
            {row.figures.stops > 0 ? formatMinutes(row.figures.longestRideMinutes) : "—"}
          </Typography.Text>
        );
      },
    },
  ];
}
