import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
// antd renders slowly in jsdom when several suites run in parallel.
const LONG = { timeout: 15_000 };

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { INCIDENT_SOUND_MUTED_KEY } from "../lib/mute-preference";
import { testIncident } from "../lib/test-incident";
import { IncidentsPanel, NO_OPEN_INCIDENTS_MESSAGE } from "./incidents-panel";

function renderPanel(url = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <IncidentsPanel />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

function httpError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, statusText: "", headers: {}, config, data: { statusCode: status, message } };
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response as AxiosResponse);
}

const critical = testIncident({
  id: 2,
  routeName: "Ruta Norte",
  openedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const warning = testIncident({
  id: 1,
  type: "LATE",
  severity: "warning",
  routeName: "Ruta Sur",
  detail: { lateMinutes: 12 },
  openedAt: new Date(Date.now() - 60_000).toISOString(),
});

beforeEach(() => {
  get.mockReset();
  put.mockReset();
});

describe("IncidentsPanel", () => {
  it("lists the unclosed incidents by severity with the open count", async () => {
    get.mockResolvedValue({ data: { amount: 2, list: [warning, critical], openCount: 2 } });
    renderPanel();
    const rows = await screen.findAllByTestId("incident-row", {}, LONG);
    expect(rows.map((row) => row.dataset.incidentId)).toEqual(["2", "1"]);
    expect(within(rows[0] as HTMLElement).getByText("Fuera de ruta")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Abierta")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Juan Pérez · Transportes Caribe")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Hace 5 minutos")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("12 mins de retraso previsto")).toBeTruthy();
    expect(screen.getByTestId("incidents-open-count").textContent).toContain("2");
    expect(get).toHaveBeenCalledWith(clientPath(API.incident.list), {
      params: { amount: 20, skip: 1, status: "OPEN" },
    });
  });

  it("sends the URL's filters and says when nothing is open", async () => {
    get.mockResolvedValue({ data: { amount: 0, list: [], openCount: 0 } });
    renderPanel("/?incidentType=LATE&incidentStatus=CLOSED");
    expect(await screen.findByTestId("incidents-empty", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.incident.list), {
      params: { amount: 20, skip: 1, type: "LATE", status: "CLOSED" },
    });
    get.mockClear();
    renderPanel("/");
    expect((await screen.findAllByText(NO_OPEN_INCIDENTS_MESSAGE, {}, LONG)).length).toBeGreaterThan(0);
  });

  it("shows the server's error in Spanish with a retry", async () => {
    get.mockRejectedValueOnce(httpError(403, "No tiene permiso para esta acción"));
    renderPanel();
    expect(await screen.findByText("No tiene permiso para esta acción", {}, LONG)).toBeTruthy();
    get.mockResolvedValue({ data: { amount: 1, list: [critical], openCount: 1 } });
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByTestId("incident-row", {}, LONG)).toBeTruthy();
  });

  it("«Atender» sends the note, and shows the server's refusal in the dialog", async () => {
    get.mockResolvedValue({ data: { amount: 1, list: [critical], openCount: 1 } });
    put.mockRejectedValueOnce(httpError(409, "La incidencia ya fue atendida"));
    renderPanel();
    fireEvent.click(await screen.findByTestId("incident-acknowledge", {}, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.change(within(dialog).getByLabelText("Nota (opcional)"), {
      target: { value: "  Llamé al chofer " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Atender" }));
    expect(await within(dialog).findByText("La incidencia ya fue atendida", {}, LONG)).toBeTruthy();
    expect(put).toHaveBeenCalledWith(clientPath(API.incident.acknowledge), {
      id: 2,
      note: "Llamé al chofer",
    });

    const acknowledged = { ...critical, status: "ACKNOWLEDGED", acknowledgedBy: "Ana Gómez" };
    put.mockResolvedValueOnce({ data: acknowledged });
    get.mockResolvedValue({ data: { amount: 1, list: [acknowledged], openCount: 1 } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Atender" }));
    expect(await screen.findByText("Incidencia atendida", {}, LONG)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("incident-row").dataset.incidentStatus).toBe("ACKNOWLEDGED"),
    );
    expect(screen.getByText(/atendida por Ana Gómez/)).toBeTruthy();
    expect(screen.queryByTestId("incident-acknowledge")).toBeNull();
  });

  it("refuses a note over 500 characters without sending it", async () => {
    get.mockResolvedValue({ data: { amount: 1, list: [critical], openCount: 1 } });
    renderPanel();
    fireEvent.click(await screen.findByTestId("incident-acknowledge", {}, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.change(within(dialog).getByLabelText("Nota (opcional)"), {
      target: { value: "x".repeat(501) },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Atender" }));
    expect(await within(dialog).findByText("La nota admite hasta 500 caracteres", {}, LONG)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("remembers the mute toggle", async () => {
    get.mockResolvedValue({ data: { amount: 0, list: [], openCount: 0 } });
    renderPanel();
    const mute = await screen.findByRole("button", { name: "Silenciar alertas" }, LONG);
    expect(mute.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(mute);
    expect(mute.getAttribute("aria-pressed")).toBe("true");
    expect(window.localStorage.getItem(INCIDENT_SOUND_MUTED_KEY)).toBe("1");
  });

  it("opens a NOT_STARTED incident's route without a map (no trip yet)", async () => {
    const notStarted = testIncident({ id: 3, type: "NOT_STARTED", intermediateRouteId: null, evidence: [] });
    get.mockResolvedValue({ data: { amount: 1, list: [notStarted], openCount: 1 } });
    renderPanel();
    fireEvent.click(await screen.findByTestId("incident-open", {}, LONG));
    const view = await screen.findByTestId("incident-trip-not-started", {}, LONG);
    expect(within(view).getByText("2026-11-27")).toBeTruthy();
    expect(screen.queryByTestId("incident-trip-map")).toBeNull();
    // One load of the panel's list (the SOS alarm's own list aside): no trip to ask for.
    const panelLoads = get.mock.calls.filter(([, options]) => options?.params?.type !== "SOS");
    expect(panelLoads).toHaveLength(1);
  });
});
