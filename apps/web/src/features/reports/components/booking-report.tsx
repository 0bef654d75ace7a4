import { formatPercent } from "@treiber/client/format";
import {
  BOOKING_REPORT_VIEW_LABELS,
  type BookingReportResponse,
  type BookingReportView,
} from "@treiber/contract";
import { useMemo } from "react";
import { PageSection } from "../../../shared/components/page-section";
import { BOOKING_REPORT_EXCEL, useBookingReport } from "../api/get-booking-report";
import { useReportParams } from "../hooks/use-report-params";
import {
  type BookingCollaboratorRow,
  type BookingDayRow,
  bookingCollaboratorColumns,
  bookingDayColumns,
} from "./booking-report-columns";
import { BranchOfficeFilter, RouteFilter, ShiftFilter } from "./report-filters";
import { ReportBody } from "./report-layout";
import { ReportTabs } from "./report-tabs";
import type { ReportTotal } from "./report-totals";

const FILTERS = ["branchOfficeId", "shiftId", "routeName"] as const;

type Totals = Omit<BookingReportResponse["data"], "view" | "items">;

/** The period's figures, the same on both views (each says what it counts). */
export function bookingTotals(data: Totals | undefined): ReportTotal[] {
  const expected = data ? data.ridden + data.noShows : 0;
  return [
    {
      label: "Confirmados",
      value: data?.confirmed,
      caption:
        "Reservas confirmadas de cada ruta y día: al plazo en los días pasados, como están en los demás.",
    },
    {
      label: "Asientos",
      value: data?.seats,
      caption: "Suma de los asientos de cada ruta y día (sin las rutas sin límite).",
    },
    {
      label: "En espera",
      value: data?.waitlisted,
      caption: "Demanda sin asiento: seguían en espera al plazo.",
    },
    {
      label: "Cancelaciones tardías",
      value: data?.lateCancellations,
      caption: "Canceladas por un administrador después del plazo.",
    },
    {
      label: "Ausentes",
      value: data?.noShows,
      caption: "Marcados «Ausente» en la parada o por un administrador.",
    },
    {
      label: "Tasa de ausencias",
      value: data && (expected > 0 ? formatPercent(data.noShows / expected, 1) : "—"),
      caption: "Ausentes entre los que se esperaba (viajaron o ausentes).",
    },
  ];
}

/** One view of the report: its page, the period's totals, the filters and the Excel of every row. */
function BookingReportTab({ view }: { view: BookingReportView }) {
  const report = useReportParams(FILTERS);
  const request = useMemo(() => ({ ...report.request, view }), [report.request, view]);
  const query = useBookingReport(request);
  const data = query.data?.data;
  const common = {
    report: { table: report.table, request },
    total: query.data?.amount,
    totals: bookingTotals(data),
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
    filters: (
      <>
        <BranchOfficeFilter report={report} />
        <ShiftFilter report={report} />
        <RouteFilter report={report} />
      </>
    ),
    excel: BOOKING_REPORT_EXCEL,
  };
  if (view === "days") {
    const rows =
      data?.view === "days"
        ? data.items.map((item) => ({ ...item, key: `${item.routeId}:${item.date}` }))
        : undefined;
    return (
      <ReportBody<BookingDayRow>
        {...common}
        columns={bookingDayColumns}
        rows={rows}
        rowKey="key"
        searchPlaceholder="Buscar ruta"
      />
    );
  }
  const rows =
    data?.view === "collaborators"
      ? data.items.map((item) => ({ ...item, key: `${item.employeeId}:${item.routeId}` }))
      : undefined;
  return (
    <ReportBody<BookingCollaboratorRow>
      {...common}
      columns={bookingCollaboratorColumns}
      rows={rows}
      rowKey="key"
      searchPlaceholder="Buscar colaborador"
    />
  );
}

/**
 * «Reporte Reservas» (issue 35): demand against seats per route and service day (late
 * cancellations, no-shows, rides), and the no-show rate per collaborator and route with those
 * flagged for 3 no-shows in 30 days; each with its Excel (ReporteReservas.xlsx).
 */
export function BookingReport() {
  return (
    <PageSection title="Reporte Reservas">
      <ReportTabs
        tabs={[
          {
            key: "days",
            label: BOOKING_REPORT_VIEW_LABELS.days,
            render: () => <BookingReportTab view="days" />,
          },
          {
            key: "collaborators",
            label: BOOKING_REPORT_VIEW_LABELS.collaborators,
            render: () => <BookingReportTab view="collaborators" />,
          },
        ]}
      />
    </PageSection>
  );
}
