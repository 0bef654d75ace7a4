import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  type BookingRouteItem,
  cutoffPassedMessage,
  type MyBookingItem,
  NO_BOOKING_MESSAGE,
} from "@treiber/contract";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, dayLabel, localDate } from "../../shared/local-dates";
import { createOutbox } from "../../shared/outbox/create-outbox";
import type { FieldAction } from "../../shared/outbox/field-action";
import { createOutboxStore, type OutboxStore } from "../../shared/outbox/outbox-store";
import { signInTestUser } from "../../shared/test-session";
import type { BookingsApi } from "./bookings-api";
import { MyTripsPage } from "./my-trips-page";

const today = localDate(new Date());
const tomorrow = addDays(today, 1);
const CUTOFF = cutoffPassedMessage("04:00", "30/11/2026");

/** An answer of the server, as the HTTP client (axios) rejects with it. */
const httpError = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { statusCode: status, message } },
});

/**
 * A server keeping the rider's bookings and the branch office's other routes. It applies «No viajaré»
 * / «Sí viajaré» / «Pedir asiento» until `passCutoff()`; then it refuses them with 409, as the API does.
 */
function fakeServer() {
  let bookings: MyBookingItem[] = [
    {
      routeId: 1,
      routeName: "Naco 1",
      date: tomorrow,
      status: "CONFIRMED",
      stopName: "Parque",
      plannedTime: "06:40",
      cutoffAt: `${tomorrow}T08:40:00.000Z`,
      canChange: true,
      waitlistPosition: null,
      reason: null,
      assigned: true,
      shiftName: "Mañana",
    },
  ];
  const routes: BookingRouteItem[] = [
    {
      routeId: 2,
      routeName: "Naco 2",
      shiftName: "Noche",
      direction: "outbound",
      plannedTime: "20:00",
      seats: 3,
      confirmed: 3,
      waitlisted: 1,
      cutoffAt: `${tomorrow}T22:00:00.000Z`,
      canChange: true,
    },
  ];
  let closed = false;
  const sent: FieldAction[] = [];
  const api: BookingsApi = {
    my: async () => bookings.map((item) => ({ ...item })),
    routes: async () => routes,
  };
  async function send(action: FieldAction): Promise<unknown> {
    sent.push(action);
    const { routeId, date } = action.body as { routeId: number; date: string };
    if (closed) throw httpError(409, CUTOFF);
    if (action.path === "/Booking/cancel") {
      if (!bookings.some((item) => item.routeId === routeId && item.date === date)) {
        throw httpError(409, NO_BOOKING_MESSAGE);
      }
      bookings = bookings.map((item) => (item.routeId === routeId ? { ...item, status: "CANCELLED" } : item));
      return { status: "CANCELLED" };
    }
    const route = routes.find((item) => item.routeId === routeId);
    if (route) {
      const seat = { ...(bookings[0] as MyBookingItem), routeId, routeName: route.routeName, date };
      bookings = [...bookings, { ...seat, status: "WAITLISTED", waitlistPosition: 2, assigned: false }];
      return { status: "WAITLISTED", waitlistPosition: 2 };
    }
    bookings = bookings.map((item) => (item.routeId === routeId ? { ...item, status: "CONFIRMED" } : item));
    return { status: "CONFIRMED" };
  }
  return {
    api,
    send,
    sent,
    passCutoff() {
      closed = true;
      bookings = bookings.map((item) => ({ ...item, canChange: false }));
    },
  };
}

let online = true;
let user = 100;
const stores: OutboxStore[] = [];

function setup(now?: () => Date) {
  online = true;
  user += 1;
  signInTestUser(user);
  const server = fakeServer();
  const store = createOutboxStore(`bookings-outbox-${user}`);
  stores.push(store);
  const outbox = createOutbox({ store, send: server.send, isOnline: () => online, random: () => 1 });
  render(<MyTripsPage api={server.api} outbox={outbox} {...(now && { now })} />);
  return { server, outbox };
}

const card = () => screen.findByRole("listitem", { name: `Naco 1 · ${dayLabel(tomorrow, today)}` });

afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.close();
});

describe("«Mis viajes»", () => {
  it("lists the next days with stop, time, status and cut-off, and «No viajaré» is applied at once online", async () => {
    setup();
    const trip = await card();
    expect(within(trip).getByText("Parque")).toBeTruthy();
    expect(within(trip).getByText("6:40 a. m.")).toBeTruthy();
    expect(within(trip).getByTestId("booking-status").textContent).toBe("Confirmado");
    fireEvent.click(within(trip).getByRole("button", { name: "No viajaré" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Listo: no viajará el .* en Naco 1\.$/);
    await waitFor(() => expect(within(trip).getByTestId("booking-status").textContent).toBe("Cancelado"));
    expect(within(trip).getByRole("button", { name: "Sí viajaré" })).toBeTruthy();
  });

  it("queues «No viajaré» offline with the phone's time; after the cut-off it says so and shows the real status", async () => {
    const { server, outbox } = setup();
    const trip = await card();
    online = false;
    const before = Date.now();
    fireEvent.click(within(trip).getByRole("button", { name: "No viajaré" }));
    expect((await screen.findByRole("status")).textContent).toContain(
      "Guardado; se enviará al volver la conexión",
    );
    // Not pretended: the server's status stays, with the change shown as waiting.
    expect(within(trip).getByTestId("booking-status").textContent).toBe("Confirmado");
    expect(within(trip).getByText(/Por enviar: «No viajaré»/)).toBeTruthy();
    expect(within(trip).queryByRole("button", { name: "No viajaré" })).toBeNull();
    expect(server.sent).toHaveLength(0);

    server.passCutoff();
    online = true;
    await act(() => outbox.flush(true));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(`No se aplicó «No viajaré»`);
    expect(alert.textContent).toContain(CUTOFF);
    const requestedAt = Date.parse(server.sent[0]?.body.requestedAt as string);
    expect(requestedAt).toBeGreaterThanOrEqual(before);
    expect(requestedAt).toBeLessThanOrEqual(Date.now());
    // The list asks the server again: still confirmed, and nothing left to change.
    await waitFor(() => expect(within(trip).queryByText(/Por enviar/)).toBeNull());
    expect(within(trip).getByTestId("booking-status").textContent).toBe("Confirmado");
    expect(within(trip).getByText("Pasó el plazo: solo un administrador puede cambiarla.")).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Entendido" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("a list read before the cut-off offers no change once the phone's clock passes it", async () => {
    // The server said «canChange» when the list was read; the phone's clock is now past 08:40Z.
    const phone = new Date(Date.parse(`${tomorrow}T08:41:00.000Z`));
    const { server } = setup(() => phone);
    const trip = await screen.findByRole("listitem", {
      name: `Naco 1 · ${dayLabel(tomorrow, localDate(phone))}`,
    });
    expect(within(trip).getByTestId("booking-status").textContent).toBe("Confirmado");
    expect(within(trip).queryByRole("button", { name: "No viajaré" })).toBeNull();
    expect(within(trip).getByText("Pasó el plazo: solo un administrador puede cambiarla.")).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });

  it("shows a refusal straight away when the server answers online", async () => {
    const { server } = setup();
    const trip = await card();
    server.passCutoff();
    fireEvent.click(within(trip).getByRole("button", { name: "No viajaré" }));
    expect((await screen.findByRole("alert")).textContent).toContain(CUTOFF);
    await waitFor(() => expect(within(trip).queryByRole("button", { name: "No viajaré" })).toBeNull());
  });

  it("«Pedir asiento» on a full route of the branch office puts the rider on the waitlist", async () => {
    setup();
    await card();
    fireEvent.click(screen.getByRole("button", { name: "Pedir asiento" }));
    const sheet = await screen.findByRole("dialog", { name: "Pedir asiento" });
    const route = await within(sheet).findByRole("listitem", { name: "Naco 2" });
    expect(within(route).getByText("0 de 3 asientos libres · 1 en espera")).toBeTruthy();
    fireEvent.click(within(route).getByRole("button", { name: "Pedir asiento en Naco 2" }));
    expect((await screen.findByRole("status")).textContent).toMatch(
      /^En espera de asiento en Naco 2 .*\(n\.º 2\)/,
    );
    const seat = await screen.findByRole("listitem", { name: `Naco 2 · ${dayLabel(tomorrow, today)}` });
    expect(within(seat).getByTestId("booking-status").textContent).toBe("En espera (n.º 2)");
  });
});
