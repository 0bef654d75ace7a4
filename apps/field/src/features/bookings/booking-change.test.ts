import type { MyBookingItem } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import type { FieldAction } from "../../shared/outbox/field-action";
import {
  beforeCutoff,
  bookingChangeAction,
  keptChangeOf,
  offeredChange,
  refusalMessage,
  refusedChanges,
  showBookings,
} from "./booking-change";

const booking = (routeId: number, date: string, extra: Partial<MyBookingItem> = {}): MyBookingItem => ({
  routeId,
  routeName: `Ruta ${routeId}`,
  date,
  status: "CONFIRMED",
  stopName: "Parque",
  plannedTime: "06:40",
  cutoffAt: `${date}T08:40:00.000Z`,
  canChange: true,
  waitlistPosition: null,
  reason: null,
  assigned: true,
  shiftName: "Mañana",
  ...extra,
});

/** The phone's clock well before the fixtures' cut-offs (08:40Z on their day). */
const BEFORE = Date.parse("2026-11-29T12:00:00.000Z");

/** An action as the outbox keeps it. */
const kept = (action: FieldAction, id: string) => ({ ...action, id });

describe("booking changes through the outbox", () => {
  it("carries the route, the date and the phone's time, and is named for the screen", () => {
    const at = new Date("2026-11-29T21:12:00.000Z");
    const action = bookingChangeAction(
      { kind: "cancel", routeId: 3, date: "2026-11-30", routeName: "Naco 1", seat: false },
      at,
    );
    expect(action).toMatchObject({
      method: "PUT",
      path: "/Booking/cancel",
      body: { routeId: 3, date: "2026-11-30", requestedAt: at.toISOString() },
    });
    expect(keptChangeOf(kept(action, "a"))).toMatchObject({
      kind: "cancel",
      routeId: 3,
      date: "2026-11-30",
      name: "«No viajaré» del lunes 30/11 (Naco 1)",
      requestedAt: at.toISOString(),
    });
    const seat = bookingChangeAction({
      kind: "confirm",
      routeId: 4,
      date: "2026-12-01",
      routeName: "Naco 2",
      seat: true,
    });
    expect(seat.path).toBe("/Booking/confirm");
    expect(keptChangeOf(kept(seat, "b"))?.name).toBe("«Pedir asiento» del martes 01/12 (Naco 2)");
  });

  it("keeps the server's status while a change waits, and shows a waiting seat request on its day", () => {
    const list = [booking(3, "2026-11-30"), booking(3, "2026-12-01")];
    const cancel = bookingChangeAction({
      kind: "cancel",
      routeId: 3,
      date: "2026-11-30",
      routeName: "Ruta 3",
      seat: false,
    });
    const seat = bookingChangeAction({
      kind: "confirm",
      routeId: 9,
      date: "2026-12-02",
      routeName: "Naco 9",
      seat: true,
    });
    const scan: FieldAction = { method: "POST", path: "/TransportService", body: { codeQr: "x" } };
    const days = showBookings(list, [kept(cancel, "a"), kept(scan, "s"), kept(seat, "b")]);
    expect(days.map((day) => day.date)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
    const [first, second, third] = days;
    expect(first?.bookings[0]).toMatchObject({ status: "CONFIRMED", pending: { kind: "cancel", id: "a" } });
    // While it waits the card offers nothing else: the change is not done yet.
    expect(offeredChange(first?.bookings[0] as never, BEFORE)).toBeNull();
    expect(second?.bookings[0]?.pending).toBeNull();
    expect(offeredChange(second?.bookings[0] as never, BEFORE)).toBe("cancel");
    expect(third?.requests.map((change) => change.name)).toEqual([
      "«Pedir asiento» del miércoles 02/12 (Naco 9)",
    ]);
  });

  it("offers «No viajaré» until the cut-off, «Sí viajaré» on a cancelled day, nothing after", () => {
    const shown = (extra: Partial<MyBookingItem>) => ({ ...booking(1, "2026-11-30", extra), pending: null });
    expect(offeredChange(shown({ status: "WAITLISTED", waitlistPosition: 2 }), BEFORE)).toBe("cancel");
    expect(offeredChange(shown({ status: "CANCELLED" }), BEFORE)).toBe("confirm");
    expect(offeredChange(shown({ canChange: false }), BEFORE)).toBeNull();
    expect(offeredChange(shown({ status: "RIDDEN", canChange: true }), BEFORE)).toBeNull();
  });

  it("stops offering a change once the phone's clock passes the cut-off, whatever the kept list said", () => {
    // The list was read before the cut-off (08:40Z): the server said it could change.
    const kept = { ...booking(1, "2026-11-30"), pending: null };
    const cutoff = Date.parse("2026-11-30T08:40:00.000Z");
    expect(beforeCutoff(kept, cutoff - 1)).toBe(true);
    expect(offeredChange(kept, cutoff - 1)).toBe("cancel");
    expect(beforeCutoff(kept, cutoff)).toBe(false);
    expect(offeredChange(kept, cutoff)).toBeNull();
    expect(offeredChange({ ...kept, status: "CANCELLED" }, cutoff + 60_000)).toBeNull();
  });

  it("says plainly which queued change the server refused after the cut-off, and when it was asked", () => {
    const action = bookingChangeAction(
      { kind: "cancel", routeId: 3, date: "2026-11-30", routeName: "Naco 1", seat: false },
      new Date(2026, 10, 30, 3, 50),
    );
    const message = "El plazo para cambiar la reserva terminó a las 04:00 del 30/11/2026";
    const rejected = { ...kept(action, "a"), createdAt: 0, rejectedAt: 1, status: 409, message };
    const scan = { ...rejected, id: "s", path: "/TransportService", body: { codeQr: "x" } };
    const [refusal, ...others] = refusedChanges([rejected, scan]);
    expect(others).toEqual([]);
    expect(refusalMessage(refusal as never, message, true)).toBe(
      `No se aplicó «No viajaré» del lunes 30/11 (Naco 1): ${message}. Lo pidió sin conexión a las 3:50 a. m.`,
    );
    // The server names the phone's time itself when the change was asked before the cut-off.
    const late = `${message}; su cambio sin conexión de las 03:50 llegó después`;
    expect(refusalMessage(refusal as never, late, true)).toBe(
      `No se aplicó «No viajaré» del lunes 30/11 (Naco 1): ${late}`,
    );
  });
});
