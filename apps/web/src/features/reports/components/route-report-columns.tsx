import { formatMoney } from "@treiber/client/format";
import type { RouteReportItem } from "@treiber/contract";
import { type TableColumnsType, Tooltip } from "antd";

/** A route report row with a unique key (one row per route and supplier). */
export type RouteReportRow = RouteReportItem & { key: string };

export function toRouteReportRows(items: RouteReportItem[] | undefined): RouteReportRow[] | undefined {
  return items?.map((item) => ({ ...item, key: `${item.routeId}-${item.supplierId}` }));
}

export const routeReportColumns: TableColumnsType<RouteReportRow> = [
  { title: "Ruta", dataIndex: "routeName", width: 190, ellipsis: true },
  { title: "Destino", dataIndex: "destinationName", width: 170, ellipsis: true },
  { title: "Suplidor", dataIndex: "supplierName", width: 160, ellipsis: true },
  { title: "Viajes", dataIndex: "trips", width: 80, align: "right" },
  { title: "Colaboradores", dataIndex: "collaborators", width: 120, align: "right" },
  {
    title: "Costo",
    dataIndex: "cost",
    width: 110,
    align: "right",
    render: (value: number) => formatMoney(value),
  },
  {
    title: (
      <Tooltip title="Lo cobrado en promedio a cada colaborador: costo de los viajes con pasajeros ÷ abordajes">
        Costo por colaborador
      </Tooltip>
    ),
    dataIndex: "costPerCollaborator",
    width: 110,
    align: "right",
    render: (value: number | null) => (value === null ? "—" : formatMoney(value)),
  },
];
