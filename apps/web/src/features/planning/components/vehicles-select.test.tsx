import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { driver } from "../test/planning-data";
import { VehiclesSelect } from "./vehicles-select";

vi.setConfig({ testTimeout: 60_000 });

describe("VehiclesSelect (issue 33)", () => {
  it("never shows an «undefined» tag: the tag of the hidden choices reads «+N más»", async () => {
    const drivers = Array.from({ length: 8 }, (_, i) => driver({ driverId: i + 1, seats: 10 + i }));
    render(
      <VehiclesSelect
        drivers={drivers}
        selected={drivers.map((item) => item.driverId)}
        onChange={() => {}}
        riders={40}
      />,
    );
    expect(await screen.findByTestId("chosen-seats")).toBeTruthy();
    const select = document.querySelector(".ant-select") as HTMLElement;
    expect(select.textContent).not.toContain("undefined");
    // The «+N» tag of the choices that do not fit (all of them in jsdom, which measures nothing):
    // it used to call the tag renderer without a value and read «undefined».
    const rest = select.querySelector(".ant-select-content-item-rest");
    expect(rest?.textContent).toBe("+7 más");
  });
});
