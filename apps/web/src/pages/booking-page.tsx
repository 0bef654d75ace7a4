import { BookingsView } from "../features/bookings/components/bookings-view";

/** «Reservas» (issue 35): a shift's routes on a date, and a route's manifest with the admin's changes. */
export function BookingPage() {
  return <BookingsView />;
}
