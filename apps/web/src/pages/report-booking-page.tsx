import { BookingReport } from "../features/reports/components/booking-report";

/** «Reporte Reservas» (issue 35): demand against seats, late cancellations and no-shows, with Excel. */
export function ReportBookingPage() {
  return <BookingReport />;
}
