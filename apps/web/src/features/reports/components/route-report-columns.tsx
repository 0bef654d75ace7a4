import type { RouteReportItem } from "@treiber/contract";
import { type TableColumnsType, Tooltip } from "antd";
import { formatMoney } from "../../../shared/format";

/** A route report row with a unique key (one row per route and supplier). */
export type RouteReportRow = RouteReportItem & { key: string };

export function toRouteReportRows(items: RouteReportItem[] | undefined): RouteReportRow[] | undefined {
  return items?.map((item) => ({ ...item, key: `${item.routeId}-${item.supplierId}` }));
}

export const routeReportColumns: TableColumnsType<RouteReportRow> = [
  { title: "Ruta", dataIndex: "routeName" },
  { title: "Destino", dataIndex: "destinationName" },
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
  {
    title: (
      <Tooltip title="Lo cobrado en promedio a cada colaborador: costo de los viajes con pasajeros ÷ abordajes">
        Costo por colaborador
      </Tooltip>
    ),
    dataIndex: "costPerCollaborator",
    align: "right",
    render: (value: number | null) => (value === null ? "—" : formatMoney(value)),
  },
];
