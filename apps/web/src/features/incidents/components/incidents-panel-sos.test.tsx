import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { formatDateTime } from "@treiber/client/format";
import { type IncidentItem, SAFETY_MESSAGES } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });
// antd renders slowly in jsdom when several suites run in parallel.
const LONG = { timeout: 15_000 };

const { get, put, handlers, playSosAlarm, playAlertBeep } = vi.hoisted(() => ({
  get: vi.fn(),
  put: vi.fn(),
  handlers: new Map<string, (...args: unknown[]) => void>(),
  playSosAlarm: vi.fn(),
  playAlertBeep: vi.fn(),
}));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put } }));
vi.mock("../../../shared/realtime", () => ({
  useHubEvent: (event: string, handler: (...args: unknown[]) => void) => {
    handlers.set(event, handler);
  },
  useHubReconnected: () => {},
}));
vi.mock("../lib/alert-sound", () => ({ playSosAlarm, playAlertBeep, SOS_ALARM_INTERVAL_MS: 3_000 }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { testIncident } from "../lib/test-incident";
import { IncidentsPanel } from "./incidents-panel";

const offRoute = testIncident({ id: 2, openedAt: new Date(Date.now() - 5 * 60_000).toISOString() });
const sos = testIncident({
  id: 5,
  type: "SOS",
  routeName: "Ruta Norte",
  personName: "Ana Pérez",
  personRole: "Collaborator",
  openedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  detail: { accuracy: 9 },
  evidence: [{ latitude: 18.48, longitude: -69.93, at: new Date(Date.now() - 60 * 60_000).toISOString() }],
});
const safeArrival = testIncident({
  id: 6,
  type: "SAFE_ARRIVAL_UNCONFIRMED",
  personName: "Luis Gómez",
  personRole: "Collaborator",
  detail: { dropStopName: "Los Prados", droppedAt: "2026-11-27T02:05:00.000Z" },
});

/** The lists by request: the SOS alarm's own (type SOS) and the panel's. */
function serve(lists: { panel: IncidentItem[]; sos: IncidentItem[] }) {
  get.mockImplementation(async (url: string, options?: { params?: { type?: string } }) => {
    if (url === clientPath(API.incident.list)) {
      const list = options?.params?.type === "SOS" ? lists.sos : lists.panel;
      return { data: { amount: list.length, list, openCount: list.length } };
    }
    if (url === clientPath(API.sos.positions, { incidentId: 5 })) {
      return {
        data: {
          incidentId: 5,
          personName: "Ana Pérez",
          personPhone: "(809) 555-1234",
          followUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
          list: [{ incidentId: 5, latitude: 18.48, longitude: -69.93, accuracy: 9, at: sos.openedAt }],
        },
      };
    }
    if (url === clientPath(API.incident.trip, { intermediateRouteId: 7 })) {
      return {
        data: {
          intermediateRouteId: 7,
          routeName: "Ruta Norte",
          driverName: "Juan Pérez",
          supplierName: "Transportes Caribe",
          status: "Finished",
          startedAt: null,
          finishedAt: null,
          plannedPathSource: null,
          plannedPath: [],
          stops: [],
          trace: [],
          incidents: [safeArrival],
        },
      };
    }
    throw new Error(`GET ${url} not expected`);
  });
}

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

const rowIds = () => screen.getAllByTestId("incident-row").map((row) => row.dataset.incidentId);

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  handlers.clear();
  playSosAlarm.mockReset();
  playAlertBeep.mockReset();
});

describe("IncidentsPanel: SOS (issue 38)", () => {
  it("an SOS arriving live lists first, rings its own alarm and a red banner until someone takes it", async () => {
    serve({ panel: [offRoute], sos: [] });
    renderPanel();
    await screen.findByTestId("incident-row", {}, LONG);
    expect(screen.queryByTestId("sos-banner")).toBeNull();
    expect(playSosAlarm).not.toHaveBeenCalled();

    act(() => handlers.get("ReceiveIncident")?.(sos));
    const banner = await screen.findByTestId("sos-banner", {}, LONG);
    expect(banner.getAttribute("role")).toBe("alert");
    expect(
      within(banner).getByText(/SOS: Ana Pérez \(Colaborador\) · Ruta Norte · Hace una hora/),
    ).toBeTruthy();
    await waitFor(() => expect(rowIds()).toEqual(["5", "2"]));
    expect(playSosAlarm).toHaveBeenCalled();
    // Not the critical beep: the SOS has its own sound.
    expect(playAlertBeep).not.toHaveBeenCalled();
    expect(screen.getByTestId("incidents-announcement").textContent).toBe(
      "Alerta SOS: Ana Pérez, Ruta Norte",
    );

    const acknowledged = { ...sos, status: "ACKNOWLEDGED" as const, acknowledgedBy: "Marta Díaz" };
    put.mockResolvedValueOnce({ data: acknowledged });
    serve({ panel: [acknowledged, offRoute], sos: [acknowledged] });
    fireEvent.click(within(banner).getByRole("button", { name: "Atender SOS de Ana Pérez" }));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.click(within(dialog).getByRole("button", { name: "Atender" }));
    await waitFor(() => expect(screen.queryByTestId("sos-banner")).toBeNull(), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.incident.acknowledge), { id: 5, note: "" });
    // Taken: it stays first among the unclosed ones, now with «Cerrar» instead of «Atender».
    const row = screen.getAllByTestId("incident-row")[0] as HTMLElement;
    expect(row.dataset.incidentId).toBe("5");
    expect(within(row).queryByTestId("incident-acknowledge")).toBeNull();
    expect(within(row).getByTestId("incident-close")).toBeTruthy();
  });

  it("an SOS already open when the page loads rings too, and opens on the person's live position", async () => {
    serve({ panel: [offRoute, sos], sos: [sos] });
    renderPanel();
    await screen.findByTestId("sos-banner", {}, LONG);
    expect(playSosAlarm).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Ver SOS de Ana Pérez" }));
    const view = await screen.findByTestId("sos-view", {}, LONG);
    expect(within(view).getByText("Ana Pérez (Colaborador)")).toBeTruthy();
    const phone = await within(view).findByTestId("sos-phone", {}, LONG);
    expect(phone.getAttribute("href")).toBe("tel:8095551234");
    expect(within(view).getByText(/Precisión ±9 m/)).toBeTruthy();
    await waitFor(() =>
      expect(within(view).getByTestId("sos-latest").textContent).toContain(formatDateTime(sos.openedAt)),
    );

    const at = new Date(Date.now() - 10_000).toISOString();
    act(() => {
      // Another SOS's position is not this one's.
      handlers.get("ReceiveSosPosition")?.({
        incidentId: 9,
        latitude: 18.6,
        longitude: -69.8,
        accuracy: 5,
        at: new Date().toISOString(),
      });
      handlers.get("ReceiveSosPosition")?.(
        JSON.stringify({ incidentId: 5, latitude: 18.49, longitude: -69.92, accuracy: 5, at }),
      );
    });
    await waitFor(
      () => expect(within(view).getByTestId("sos-latest").textContent).toContain(formatDateTime(at)),
      LONG,
    );
    expect(await within(view).findByTestId("sos-map", {}, LONG)).toBeTruthy();
    // Taken or closed from the drawer too.
    expect(within(view).getByTestId("safety-acknowledge").textContent).toBe("Atender");
    expect(within(view).getByTestId("safety-close").textContent).toBe("Cerrar incidencia");
  });

  it("opens an unconfirmed safe arrival on the person, the drop's stop and time", async () => {
    serve({ panel: [safeArrival], sos: [] });
    renderPanel();
    fireEvent.click(await screen.findByTestId("incident-open", {}, LONG));
    const view = await screen.findByTestId("safe-arrival-view", {}, LONG);
    expect(within(view).getByText("Luis Gómez (Colaborador)")).toBeTruthy();
    expect(within(view).getByText("Los Prados")).toBeTruthy();
    expect(within(view).getByText(formatDateTime("2026-11-27T02:05:00.000Z"))).toBeTruthy();
    expect(screen.queryByTestId("sos-banner")).toBeNull();
  });

  it("«Cerrar» needs an outcome and a note, then closes the SOS as «Falsa alarma»", async () => {
    const taken = { ...sos, status: "ACKNOWLEDGED" as const, acknowledgedBy: "Marta Díaz" };
    serve({ panel: [taken, safeArrival, offRoute], sos: [taken] });
    renderPanel("/?incidentStatus=ALL");
    await screen.findAllByTestId("incident-row", {}, LONG);
    const rows = screen.getAllByTestId("incident-row");
    const byId = (id: string) => rows.find((row) => row.dataset.incidentId === id) as HTMLElement;
    // Only the safety incidents close by hand.
    expect(within(byId("6")).getByTestId("incident-close")).toBeTruthy();
    expect(within(byId("2")).queryByTestId("incident-close")).toBeNull();
    expect(
      within(byId("6")).getByText("Luis Gómez (Colaborador) · Juan Pérez · Transportes Caribe"),
    ).toBeTruthy();

    fireEvent.click(within(byId("5")).getByTestId("incident-close"));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: "Cerrar incidencia" }));
    submit();
    expect(await within(dialog).findByText(SAFETY_MESSAGES.closeOutcome, {}, LONG)).toBeTruthy();
    expect(await within(dialog).findByText(SAFETY_MESSAGES.closeNote, {}, LONG)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    const closed = {
      ...taken,
      status: "CLOSED" as const,
      closedAt: new Date().toISOString(),
      closeReason: "manual" as const,
      outcome: "FALSE_ALARM" as const,
      closedBy: "Marta Díaz",
      note: "Botón pulsado por error",
    };
    put.mockResolvedValueOnce({ data: closed });
    serve({ panel: [closed, safeArrival, offRoute], sos: [] });
    fireEvent.click(within(dialog).getByLabelText("Falsa alarma"));
    fireEvent.change(within(dialog).getByLabelText("Nota"), {
      target: { value: " Botón pulsado por error " },
    });
    submit();
    expect(await screen.findByText("Incidencia cerrada", {}, LONG)).toBeTruthy();
    expect(put).toHaveBeenCalledWith(clientPath(API.incident.close), {
      id: 5,
      note: "Botón pulsado por error",
      outcome: "FALSE_ALARM",
    });
    await waitFor(() =>
      expect(
        screen.getAllByTestId("incident-row").find((row) => row.dataset.incidentId === "5")?.dataset
          .incidentStatus,
      ).toBe("CLOSED"),
    );
    expect(screen.getByText(/Falsa alarma · cerrada por Marta Díaz/)).toBeTruthy();
  });

  it("shows the server's refusal to close in the dialog", async () => {
    serve({ panel: [safeArrival], sos: [] });
    put.mockRejectedValueOnce(Object.assign(new Error("Request failed"), { isAxiosError: true }));
    renderPanel();
    fireEvent.click(await screen.findByTestId("incident-close", {}, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.click(within(dialog).getByLabelText("Atendida"));
    fireEvent.change(within(dialog).getByLabelText("Nota"), { target: { value: "Llamamos, llegó bien" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cerrar incidencia" }));
    expect(await within(dialog).findByTestId("incident-close-error", {}, LONG)).toBeTruthy();
    expect(put).toHaveBeenCalledWith(clientPath(API.incident.close), {
      id: 6,
      note: "Llamamos, llegó bien",
      outcome: "ATTENDED",
    });
  });
});
