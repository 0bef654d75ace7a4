import {
  BOOKING_ADMIN_STATUSES,
  BOOKING_STATUS_LABELS,
  type BookingAdminStatus,
  type BookingStatus,
} from "@treiber/contract";

/** The colour of each status's tag. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  CONFIRMED: "green",
  RIDDEN: "blue",
  WAITLISTED: "gold",
  CANCELLED: "default",
  NO_SHOW: "red",
};

/** «En espera (2.º)» with the waitlist's place; the status's label otherwise. */
export function bookingStatusText(status: BookingStatus, waitlistPosition: number | null): string {
  const label = BOOKING_STATUS_LABELS[status];
  return status === "WAITLISTED" && waitlistPosition ? `${label} (${waitlistPosition}.º)` : label;
}

/** What an administrator may set, as the dialog's options. */
export const ADMIN_STATUS_OPTIONS = BOOKING_ADMIN_STATUSES.map((status) => ({
  value: status,
  label: BOOKING_STATUS_LABELS[status],
}));

/** A status an administrator may set again (RIDDEN only comes from a boarding). */
export const asAdminStatus = (status: BookingStatus | undefined): BookingAdminStatus | undefined =>
  (BOOKING_ADMIN_STATUSES as readonly string[]).includes(status ?? "")
    ? (status as BookingAdminStatus)
    : undefined;

/**
 * A change that takes a rider off the bus or counts against them asks first: cancelling, marking
 * absent, or sending an expected rider (confirmed, boarded) to the waitlist.
 */
export function isDestructiveChange(current: BookingStatus | undefined, next: BookingAdminStatus): boolean {
  if (current === next) return false;
  if (next === "CANCELLED" || next === "NO_SHOW") return true;
  return next === "WAITLISTED" && (current === "CONFIRMED" || current === "RIDDEN");
}

/** What the confirmation says the change does. */
export function destructiveChangeDetail(next: BookingAdminStatus): string {
  if (next === "NO_SHOW") return "Cuenta como ausencia en los reportes del colaborador.";
  if (next === "WAITLISTED") return "Deja libre su asiento y lo pone al final de la lista de espera.";
  return "Deja libre su asiento; el primero en espera lo recibe si aún no pasó el plazo.";
}

/** Whether the cut-off of the day has passed: riders can no longer change; only an administrator. */
export const cutoffPassed = (cutoffAt: string, now: number = Date.now()) => Date.parse(cutoffAt) <= now;
