import type { BookingStatus } from "@treiber/contract";
import { Tag } from "antd";
import { BOOKING_STATUS_COLORS, bookingStatusText } from "../lib/booking-status";

/** A booking's status, coloured, with the waitlist's place. */
export function BookingStatusTag({
  status,
  waitlistPosition = null,
}: {
  status: BookingStatus;
  waitlistPosition?: number | null;
}) {
  return (
    <Tag color={BOOKING_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {bookingStatusText(status, waitlistPosition)}
    </Tag>
  );
}
