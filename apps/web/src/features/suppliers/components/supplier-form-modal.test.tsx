import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NO_RATE, type SupplierItem, VEHICLE_RATES_REQUIRED_MESSAGE } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { put, post } = vi.hoisted(() => ({ put: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get: vi.fn(), put, post } }));

import { rateText } from "../lib/rate-text";
import { SupplierFormModal } from "./supplier-form-modal";

const LONG = { timeout: 15_000 };
const SUPPLIER: SupplierItem = {
  id: 4,
  name: "Transportes Norte",
  rnc: null,
  contactName: null,
  telephone: "(809) 555-1234",
  email: null,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountDrivers: 3,
  ...NO_RATE,
};

function renderForm(supplier?: SupplierItem) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <SupplierFormModal open supplier={supplier} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", {}, LONG);
}

/** Picks `option` in the «Tarifa» select. */
async function chooseRate(dialog: HTMLElement, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Tarifa" }));
  fireEvent.click((await screen.findAllByTitle(option, {}, LONG)).at(-1) as HTMLElement);
}

beforeEach(() => {
  put.mockReset();
  post.mockReset();
});

describe("SupplierFormModal: the supplier's rate (issue 33)", () => {
  it("sets a rate per km on a supplier without one and says how many planned routes it priced", async () => {
    put.mockResolvedValue({ data: { id: 4, pricedRoutes: 3 } });
    const dialog = await renderForm(SUPPLIER);
    expect(within(dialog).getByText("Sin tarifa")).toBeTruthy();
    await chooseRate(dialog, "Por km");
    fireEvent.change(await within(dialog).findByLabelText("Monto por km de la ruta (USD)"), {
      target: { value: "2.5" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put.mock.calls[0]?.[0]).toBe(clientPath(API.supplier.update));
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      id: 4,
      rateType: "km",
      rateAmount: 2.5,
      vehicleRates: null,
    });
    expect(await screen.findByText("3 rutas con costo actualizado", {}, LONG)).toBeTruthy();
  });

  it("by vehicle type: asks for at least one amount, then sends them all", async () => {
    post.mockResolvedValue({ data: { id: 9 } });
    const dialog = await renderForm();
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Transportes Sur" } });
    fireEvent.change(within(dialog).getByLabelText("Teléfono"), { target: { value: "(809) 555-0000" } });
    await chooseRate(dialog, "Por tipo de vehículo");
    await within(dialog).findByLabelText("Carro (1 a 4 asientos)", {}, LONG);
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText(VEHICLE_RATES_REQUIRED_MESSAGE, {}, LONG)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText("Van (5 a 15 asientos)"), { target: { value: "35" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), LONG);
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      rateType: "vehicle",
      rateAmount: null,
      vehicleRates: { car: null, van: 35, minibus: null, bus: null },
    });
  });

  it("says a rate in words", () => {
    expect(rateText({ ...NO_RATE, rateType: "trip", rateAmount: 45 })).toBe("$45.00 por viaje");
    expect(rateText({ ...NO_RATE, rateType: "km", rateAmount: 2.5 })).toBe("$2.50 por km");
    expect(
      rateText({
        ...NO_RATE,
        rateType: "vehicle",
        vehicleRates: { car: null, van: 35, minibus: 55, bus: null },
      }),
    ).toBe("Por tipo de vehículo: Van $35.00, Minibús $55.00");
    expect(rateText(NO_RATE)).toBe("Sin tarifa");
  });
});
