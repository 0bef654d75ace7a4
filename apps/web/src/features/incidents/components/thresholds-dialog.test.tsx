import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { INCIDENT_THRESHOLD_DEFAULT_VALUES, ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { ThresholdsDialog } from "./thresholds-dialog";

/** The field's input as it is now (the dialog may draw it again while the values arrive). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <ThresholdsDialog open onClose={vi.fn()} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockImplementation((url: string, config?: { params?: { branchOfficeId?: number } }) => {
    if (url === clientPath(API.branchOffice.listName))
      return Promise.resolve({ data: [{ id: 4, name: "Sucursal Norte" }] });
    if (url === clientPath(API.incident.thresholds))
      return Promise.resolve({
        data: {
          ...INCIDENT_THRESHOLD_DEFAULT_VALUES,
          branchOfficeId: config?.params?.branchOfficeId,
          custom: false,
        },
      });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

describe("ThresholdsDialog («Umbrales de incidencias»)", () => {
  it("shows the branch office's thresholds with units and defaults, and saves them", async () => {
    put.mockResolvedValue({ data: {} });
    renderDialog();
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(
      await within(dialog).findByText("Esta sucursal usa los valores predeterminados.", {}, LONG),
    ).toBeTruthy();
    const offRoute = "Fuera de ruta: distancia al trazado";
    await waitFor(() => expect(field(dialog, offRoute).value).toBe("300"), LONG);
    expect(within(dialog).getByText("Predeterminado: 300 m")).toBeTruthy();
    expect(within(dialog).getAllByText("Predeterminado: 10 min").length).toBe(3);
    expect(get).toHaveBeenCalledWith(clientPath(API.incident.thresholds), { params: { branchOfficeId: 4 } });

    fireEvent.change(field(dialog, offRoute), { target: { value: "450" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(put).toHaveBeenCalled(), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.incident.saveThresholds), {
      ...INCIDENT_THRESHOLD_DEFAULT_VALUES,
      offRouteMeters: 450,
      branchOfficeId: 4,
    });
    expect(await screen.findByText("Guardado: Umbrales de Sucursal Norte", {}, LONG)).toBeTruthy();
  });

  it("refuses values the contract refuses, with its Spanish messages", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog", {}, LONG);
    const onRoute = "De vuelta en la ruta: a menos de";
    await waitFor(() => expect(field(dialog, onRoute).value).toBe("200"), LONG);
    fireEvent.change(field(dialog, onRoute), { target: { value: "300" } });
    fireEvent.change(field(dialog, "Sin GPS: sin posición durante"), { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText(ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE, {}, LONG)).toBeTruthy();
    expect(within(dialog).getByText("Indique minutos entre 1 y 60")).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });
});
