import {
  formatCoordinate,
  formatDateShortTime,
  formatDuration,
  formatKm,
  formatMinutes,
  formatMoney,
} from "@treiber/client/format";
import {
  INCIDENT_STATUS_LABELS,
  type TripIncident,
  type TripSheetBoarding,
  type TripSheetCancellation,
  type TripSheet as TripSheetData,
} from "@treiber/contract";
import { Descriptions, Empty, Flex, Table, type TableColumnsType, Tag } from "antd";
import { useMemo } from "react";
import { IncidentTypeTag } from "../../../shared/components/incident-type-tag";
import { SectionTitle } from "../../../shared/components/section-title";
import { safetyCloseText } from "../../../shared/lib/safety-outcome";
import { useTripSheet } from "../api/get-trip-sheet";
import type { TrailPoint } from "../lib/trail";
import { LazyTripMap as TripMap } from "./lazy-trip-map";
import { TripDetailState } from "./trip-detail-state";

const dateTime = (value: string | null) => (value ? formatDateShortTime(value) : "—");
const personName = (row: { name: string; lastname: string }) => `${row.name} ${row.lastname}`;
const place = (row: { latitude: number | null; longitude: number | null }) =>
  row.latitude === null || row.longitude === null
    ? "—"
    : `${formatCoordinate(row.latitude)}, ${formatCoordinate(row.longitude)}`;

function lateness(minutes: number | null): string {
  if (minutes === null) return "Sin hora planificada";
  if (minutes > 0) return `${formatMinutes(minutes)} tarde`;
  if (minutes < 0) return `${formatMinutes(-minutes)} antes`;
  return "A tiempo";
}

const boardingColumns: TableColumnsType<TripSheetBoarding> = [
  { title: "Colaborador", key: "name", render: (_: unknown, row) => personName(row) },
  { title: "Código", dataIndex: "codeEmployee" },
  { title: "Hora", dataIndex: "scannedDate", render: (value: string | null) => dateTime(value) },
  {
    title: "Cómo",
    key: "method",
    render: (_: unknown, row) =>
      row.method === "manual" ? (
        <span>
          <Tag color="orange">Manual</Tag>
          {row.reason}
        </span>
      ) : row.method === "qr" ? (
        <Tag color="green">QR</Tag>
      ) : (
        "—"
      ),
  },
  { title: "Dónde", key: "where", render: (_: unknown, row) => place(row) },
];

const cancellationColumns: TableColumnsType<TripSheetCancellation> = [
  { title: "Colaborador", key: "name", render: (_: unknown, row) => personName(row) },
  { title: "Código", dataIndex: "codeEmployee" },
  { title: "Hora", dataIndex: "canceledDate", render: (value: string | null) => dateTime(value) },
  { title: "Comentario", dataIndex: "comment", render: (value: string | null) => value ?? "—" },
];

const incidentColumns: TableColumnsType<TripIncident> = [
  {
    title: "Incidencia",
    dataIndex: "type",
    // A safety incident (issue 38) names who raised the SOS or did not confirm their arrival.
    render: (_: unknown, row) => (
      <>
        <IncidentTypeTag type={row.type} />
        {row.personName ? <div data-testid="trip-incident-person">{row.personName}</div> : null}
      </>
    ),
  },
  { title: "Abierta", dataIndex: "openedAt", render: (value: string) => dateTime(value) },
  { title: "Cerrada", dataIndex: "closedAt", render: (value: string | null) => dateTime(value) },
  {
    title: "Estado",
    dataIndex: "status",
    render: (_: unknown, row) => safetyCloseText(row) ?? INCIDENT_STATUS_LABELS[row.status],
  },
  {
    title: "Atendida por",
    dataIndex: "acknowledgedBy",
    render: (value: string | null) => value ?? "—",
  },
  { title: "Nota", dataIndex: "note", render: (value: string | null) => value || "—" },
];

/** The evidence of one trip: what was planned and what happened, its trace, who boarded and how. */
export function TripSheetView({ sheet }: { sheet: TripSheetData }) {
  const trail: TrailPoint[] = useMemo(
    () => sheet.trace.map(([latitude, longitude]) => ({ latitude, longitude, date: null })),
    [sheet.trace],
  );
  const destination =
    sheet.destinationLatitude !== null && sheet.destinationLongitude !== null
      ? {
          name: sheet.destinationName,
          position: [sheet.destinationLatitude, sheet.destinationLongitude] as [number, number],
        }
      : null;
  const vehicle = sheet.vehicle
    ? [sheet.vehicle.plate, sheet.vehicle.model].filter(Boolean).join(" · ") || "—"
    : "—";
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Ruta">
          {sheet.routeName}{" "}
          {sheet.kind === "scheduled" ? <Tag>Programada</Tag> : <Tag color="blue">No programada</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Suplidor">{sheet.supplierName}</Descriptions.Item>
        <Descriptions.Item label="Chofer">
          {sheet.driverName} {sheet.driverLastname} ({sheet.driverIdentityCard})
        </Descriptions.Item>
        <Descriptions.Item label="Vehículo">{vehicle}</Descriptions.Item>
        <Descriptions.Item label="Destino">{sheet.destinationName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Salida planificada">{dateTime(sheet.plannedDate)}</Descriptions.Item>
        <Descriptions.Item label="Inicio">
          {dateTime(sheet.startedDate)} ({lateness(sheet.minutesLate)})
        </Descriptions.Item>
        <Descriptions.Item label="Fin">{dateTime(sheet.endedDate)}</Descriptions.Item>
        <Descriptions.Item label="Duración">
          {sheet.durationMinutes === null ? "En curso" : formatDuration(sheet.durationMinutes)}
        </Descriptions.Item>
        <Descriptions.Item label="Recorrido">
          {formatKm(sheet.km, 2)} ({sheet.tracePositions} posiciones GPS)
        </Descriptions.Item>
        <Descriptions.Item label="Costo">{formatMoney(sheet.cost)}</Descriptions.Item>
        <Descriptions.Item label="Corte">
          {sheet.cutId === null ? "Sin corte" : `#${sheet.cutId}`}
        </Descriptions.Item>
      </Descriptions>
      {trail.length > 0 ? (
        <TripMap trail={trail} current={null} destination={destination} height={280} />
      ) : (
        <Empty description="El viaje no tiene posiciones GPS" />
      )}
      <SectionTitle style={{ margin: 0 }}>Abordajes ({sheet.riders.length})</SectionTitle>
      <Table<TripSheetBoarding>
        size="small"
        rowKey="employeeId"
        columns={boardingColumns}
        dataSource={sheet.riders}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: "Nadie abordó" }}
      />
      <SectionTitle style={{ margin: 0 }}>Cancelaciones ({sheet.cancellations.length})</SectionTitle>
      <Table<TripSheetCancellation>
        size="small"
        rowKey="employeeId"
        columns={cancellationColumns}
        dataSource={sheet.cancellations}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: "Nadie canceló" }}
      />
      <SectionTitle style={{ margin: 0 }}>Incidencias ({sheet.incidents.length})</SectionTitle>
      <Table<TripIncident>
        size="small"
        rowKey="id"
        columns={incidentColumns}
        dataSource={sheet.incidents}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: "Sin incidencias" }}
      />
    </Flex>
  );
}

/** Loads and shows a trip's sheet (GET IntermediateRoute/sheet). */
export function TripSheet({ tripId }: { tripId: number }) {
  const sheet = useTripSheet(tripId);
  if (!sheet.data) {
    return (
      <TripDetailState
        loading={sheet.isLoading}
        error={sheet.error}
        onRetry={() => void sheet.refetch()}
        notFoundMessage="El viaje no existe"
      />
    );
  }
  return <TripSheetView sheet={sheet.data} />;
}
