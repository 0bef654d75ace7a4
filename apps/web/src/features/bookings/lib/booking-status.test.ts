import { describe, expect, it } from "vitest";
import {
  ADMIN_STATUS_OPTIONS,
  asAdminStatus,
  bookingStatusText,
  cutoffPassed,
  isDestructiveChange,
} from "./booking-status";

describe("booking statuses in «Reservas»", () => {
  it("names each status, with the waitlist's place", () => {
    expect(bookingStatusText("CONFIRMED", null)).toBe("Confirmado");
    expect(bookingStatusText("WAITLISTED", 2)).toBe("En espera (2.º)");
    expect(bookingStatusText("WAITLISTED", null)).toBe("En espera");
    expect(bookingStatusText("NO_SHOW", null)).toBe("Ausente");
    expect(bookingStatusText("RIDDEN", null)).toBe("Viajó");
  });

  it("offers the statuses an administrator may set (not «Viajó»)", () => {
    expect(ADMIN_STATUS_OPTIONS.map((option) => option.label)).toEqual([
      "Confirmado",
      "Cancelado",
      "En espera",
      "Ausente",
    ]);
    expect(asAdminStatus("RIDDEN")).toBeUndefined();
    expect(asAdminStatus("CANCELLED")).toBe("CANCELLED");
  });

  it("asks before cancelling, marking absent or sending an expected rider to the waitlist", () => {
    expect(isDestructiveChange("CONFIRMED", "CANCELLED")).toBe(true);
    expect(isDestructiveChange("CONFIRMED", "NO_SHOW")).toBe(true);
    expect(isDestructiveChange("CONFIRMED", "WAITLISTED")).toBe(true);
    expect(isDestructiveChange(undefined, "NO_SHOW")).toBe(true);
    expect(isDestructiveChange("CANCELLED", "CONFIRMED")).toBe(false);
    expect(isDestructiveChange("CANCELLED", "WAITLISTED")).toBe(false);
    expect(isDestructiveChange("CANCELLED", "CANCELLED")).toBe(false);
  });

  it("knows when the cut-off has passed", () => {
    const cutoff = "2026-11-30T08:00:00.000Z";
    expect(cutoffPassed(cutoff, Date.parse("2026-11-30T07:59:59Z"))).toBe(false);
    expect(cutoffPassed(cutoff, Date.parse("2026-11-30T08:00:00Z"))).toBe(true);
  });
});
