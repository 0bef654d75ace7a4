import { cleanup, render, screen, within } from "@testing-library/react";
import type { TodayStop } from "@treiber/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { ShownRider } from "./local-trip";
import { TripStops } from "./trip-stops";

afterEach(cleanup);

const stop = (position: number, name: string, plannedTime: string, employeeIds: number[]): TodayStop => ({
  position,
  name,
  address: position === 2 ? "Av. Abraham Lincoln 100" : null,
  latitude: 18.48,
  longitude: -69.93,
  plannedTime,
  employeeIds,
});
const rider = (employeeId: number, name: string, status: ShownRider["status"]): ShownRider => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E-${employeeId}`,
  department: null,
  jobTitle: null,
  status,
  scannedDate: status === "Boarded" ? "2026-11-26T10:35:00Z" : null,
  canceledDate: null,
  comment: null,
  unsent: false,
  codeQrHash: null,
});

const stops = [
  stop(1, "Los Prados", "06:30", [1]),
  stop(2, "Naco", "06:42", [2]),
  stop(3, "Piantini", "07:00", [3]),
];
const riders = [rider(1, "Ana", "Boarded"), rider(2, "Beto", "Pending"), rider(3, "Carla", "Pending")];

describe("TripStops", () => {
  it("shows the next stop first with its time and riders, then the others, the passed ones folded", () => {
    render(
      <TripStops
        stops={stops}
        direction="inbound"
        riders={riders}
        startedDate="2026-11-26T10:00:00Z"
        running
        now={new Date()}
      />,
    );
    const upcoming = screen.getByRole("list", { name: "Próximas paradas" });
    const cards = within(upcoming).getAllByTestId("trip-stop");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Próxima parada: Naco, 06:42",
      "Piantini, 07:00",
    ]);
    expect(within(cards[0] as HTMLElement).getByText("Beto Pérez")).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText("Av. Abraham Lincoln 100")).toBeTruthy();
    const passed = screen.getByRole("list", { name: "Paradas pasadas", hidden: true });
    expect(within(passed).getByText("Ana Pérez")).toBeTruthy();
    expect(within(passed).getByText(/^Abordó/)).toBeTruthy();
    expect(screen.getByText("Paradas pasadas (1)")).toBeTruthy();
  });

  it("lists every stop in order once the trip is over, with riders on no stop apart", () => {
    render(
      <TripStops
        stops={stops.slice(0, 2)}
        direction="outbound"
        riders={riders}
        startedDate="2026-11-26T10:00:00Z"
        running={false}
        now={new Date()}
      />,
    );
    const cards = within(screen.getByRole("list", { name: "Paradas" })).getAllByTestId("trip-stop");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Los Prados, 06:30",
      "Naco, 06:42",
    ]);
    expect(screen.queryByText(/Paradas pasadas/)).toBeNull();
    const apart = screen.getByRole("list", { name: "Pasajeros sin parada" });
    expect(within(apart).getByText("Carla Pérez")).toBeTruthy();
    expect(screen.getByText("Sin parada (1)")).toBeTruthy();
  });
});
