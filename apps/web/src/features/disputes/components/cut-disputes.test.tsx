import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DISPUTE_ALREADY_RESOLVED_MESSAGE, type DisputeItem, REQUIRED_MESSAGE } from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import type { DisputeViewer } from "../hooks/use-dispute-viewer";
import { CutDisputes } from "./cut-disputes";

const base: DisputeItem = {
  id: 1,
  cutId: 7,
  intermediateRouteId: 41,
  routeName: "Ruta Norte",
  tripStartedAt: "2026-11-10T11:00:00Z",
  supplierId: 2,
  supplierName: "Transportes Caribe",
  driverName: "Pedro Pérez",
  lineAmount: 120,
  reason: "Faltó el kilometraje de regreso",
  claimedAmount: 45.5,
  status: "OPEN",
  note: null,
  acceptedAmount: null,
  createdAt: "2026-11-11T13:00:00Z",
  createdBy: "Sara Suplidora",
  resolvedAt: null,
  resolvedBy: null,
  adjustmentCutId: null,
};
const accepted: DisputeItem = {
  ...base,
  id: 2,
  intermediateRouteId: 42,
  routeName: "Ruta Sur",
  status: "ACCEPTED",
  note: "Confirmado con el GPS",
  acceptedAmount: 40,
  resolvedAt: "2026-11-12T14:00:00Z",
  resolvedBy: "Ana Admin",
  adjustmentCutId: 9,
};
const rejected: DisputeItem = {
  ...base,
  id: 3,
  intermediateRouteId: 43,
  routeName: "Ruta Este",
  status: "REJECTED",
  note: "El viaje se pagó completo",
  resolvedAt: "2026-11-12T15:00:00Z",
  resolvedBy: "Ana Admin",
};

function httpError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, statusText: "", headers: {}, config, data: { statusCode: status, message } };
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response as AxiosResponse);
}

function answerDisputes(all: DisputeItem[]) {
  get.mockImplementation((url: string, config?: { params?: { status?: string } }) => {
    if (url !== clientPath(API.dispute.list)) return Promise.reject(new Error(`unexpected ${url}`));
    const status = config?.params?.status;
    const list = all.filter((item) => !status || item.status === status);
    return Promise.resolve({ data: { amount: list.length, list } });
  });
}

function renderCard(viewer: DisputeViewer, onOpenCut = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <CutDisputes cutId={7} viewer={viewer} onOpenCut={onOpenCut} />
      </App>
    </QueryClientProvider>,
  );
  return onOpenCut;
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  get.mockReset();
  put.mockReset();
});

describe("CutDisputes («Disputas» of a cut)", () => {
  it("shows the history with its statuses, who and when, the note, the adjustment and its cut", async () => {
    answerDisputes([base, accepted, rejected]);
    const onOpenCut = renderCard("supplier");
    expect(await screen.findByText("Ruta Sur", {}, LONG)).toBeTruthy();
    expect((await screen.findByTestId("open-disputes", {}, LONG)).textContent).toBe("1 abierta");
    expect(screen.getAllByText("Abierta").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Aceptada").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Rechazada").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Sara Suplidora").length).toBe(3);
    expect(screen.getByText("Nota: Confirmado con el GPS")).toBeTruthy();
    expect(screen.getByText("Nota: El viaje se pagó completo")).toBeTruthy();
    expect(screen.getByText("Ajuste: $40.00")).toBeTruthy();
    expect(screen.getAllByText("$45.50").length).toBe(3);
    // A supplier's user settles nothing.
    expect(screen.queryByRole("button", { name: "Aceptar" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Pagado en el corte #9" }));
    expect(onOpenCut).toHaveBeenCalledWith(9);
    expect(get).toHaveBeenCalledWith(clientPath(API.dispute.list), {
      params: { cutId: 7, amount: 10, skip: 1 },
    });
  });

  it("filters by status and says when there is none", async () => {
    answerDisputes([base]);
    renderCard("admin");
    expect(await screen.findByText("Ruta Norte", {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByText("Rechazada"));
    expect(await screen.findByText("Sin disputas con este estado", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.dispute.list), {
      params: { cutId: 7, status: "REJECTED", amount: 10, skip: 1 },
    });
  });

  it("shows the error with «Reintentar»", async () => {
    get.mockRejectedValue(httpError(500, "No se pudo cargar"));
    renderCard("admin");
    expect(await screen.findByText("No se pudo cargar", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });

  it("an admin accepts with a note and the claimed amount by default, after confirming", async () => {
    answerDisputes([base]);
    put.mockResolvedValue({ data: { message: "Disputa resuelta" } });
    renderCard("admin");
    fireEvent.click(await screen.findByRole("button", { name: "Aceptar" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    await waitFor(() => expect(field(dialog, "Monto del ajuste").value).toBe("45.5"), LONG);
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));
    expect(await within(dialog).findByText(REQUIRED_MESSAGE, {}, LONG)).toBeTruthy();
    fireEvent.change(field(dialog, "Nota"), { target: { value: "Confirmado con el GPS" } });
    fireEvent.change(field(dialog, "Monto del ajuste"), { target: { value: "40" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceptar" }));
    expect(
      (await screen.findAllByText("¿Seguro que desea aceptar la disputa?", {}, LONG)).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Sí, aceptar" }));
    await waitFor(() => expect(put).toHaveBeenCalled(), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.dispute.resolve), {
      id: 1,
      decision: "ACCEPTED",
      note: "Confirmado con el GPS",
      amount: 40,
    });
    expect(await screen.findByText("Disputa resuelta", {}, LONG)).toBeTruthy();
  });

  it("a rejection another admin beat: the server's 409 message, and the list reloads", async () => {
    answerDisputes([base]);
    put.mockRejectedValue(httpError(409, DISPUTE_ALREADY_RESOLVED_MESSAGE));
    renderCard("admin");
    fireEvent.click(await screen.findByRole("button", { name: "Rechazar" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).queryByLabelText("Monto del ajuste")).toBeNull();
    fireEvent.change(field(dialog, "Nota"), { target: { value: "No corresponde" } });
    const loadsBefore = get.mock.calls.length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    fireEvent.click(await screen.findByRole("button", { name: "Sí, rechazar" }, LONG));
    expect(await within(dialog).findByText(DISPUTE_ALREADY_RESOLVED_MESSAGE, {}, LONG)).toBeTruthy();
    expect(put).toHaveBeenCalledWith(clientPath(API.dispute.resolve), {
      id: 1,
      decision: "REJECTED",
      note: "No corresponde",
      amount: undefined,
    });
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(loadsBefore), LONG);
    expect(within(dialog).getByRole("button", { name: "Cerrar" })).toBeTruthy();
  });
});
