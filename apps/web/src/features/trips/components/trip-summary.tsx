import {
  formatDateTime,
  formatDuration,
  formatMinutes,
  formatMoney,
  minutesBetween,
  timeAgo,
} from "@treiber/client/format";
import type { TripSummary as Trip } from "@treiber/contract";
import { Descriptions, Tag } from "antd";

export interface TripSummaryProps {
  trip: Trip;
  /** Reference time of the elapsed time and 'Hace ...' texts. */
  now?: Date;
  /** A position newer than the trip's own (received live). */
  lastPositionDate?: string | null;
}

/** Route, driver, supplier, times, cost and rider counts of a trip. */
export function TripSummary({ trip, now = new Date(), lastPositionDate }: TripSummaryProps) {
  const finished = trip.status === "Finished";
  const end = trip.endedDate ?? now;
  const minutes = minutesBetween(trip.startedDate, end);
  const positionDate = lastPositionDate ?? trip.lastPositionDate;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      data-testid="trip-summary"
      items={[
        { key: "route", label: "Ruta", children: trip.routeName },
        { key: "driver", label: "Chofer", children: `${trip.driverName} ${trip.driverLastname}`.trim() },
        { key: "supplier", label: "Suplidor", children: trip.supplierName },
        {
          key: "status",
          label: "Estado",
          children: finished ? <Tag>Finalizada</Tag> : <Tag color="green">En curso</Tag>,
        },
        { key: "start", label: "Inicio", children: formatDateTime(trip.startedDate) },
        { key: "end", label: "Fin", children: trip.endedDate ? formatDateTime(trip.endedDate) : "—" },
        {
          key: "duration",
          label: finished ? "Duración" : "Tiempo en curso",
          children: finished ? formatDuration(minutes) : formatMinutes(minutes),
        },
        { key: "cost", label: "Costo", children: formatMoney(trip.cost) },
        { key: "riders", label: "Colaboradores", children: trip.amountCollaborators },
        { key: "canceled", label: "Cancelaciones", children: trip.amountCanceled },
        {
          key: "position",
          label: "Última posición",
          children: positionDate ? timeAgo(positionDate, now) : "Sin posición",
        },
      ]}
    />
  );
}
