import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DISPUTE_ALREADY_OPEN_MESSAGE, DISPUTE_AMOUNT_MESSAGE, REQUIRED_MESSAGE } from "@treiber/contract";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import type { DisputedLine } from "./dispute-dialog";
import { DisputeLineAction } from "./dispute-line-action";

const line: DisputedLine = {
  cutId: 7,
  intermediateRouteId: 41,
  routeName: "Ruta Norte",
  driverName: "Pedro Pérez",
  endedAt: "2026-11-10T12:30:00Z",
  cost: 120,
};

function httpError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, statusText: "", headers: {}, config, data: { statusCode: status, message } };
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response as AxiosResponse);
}

function openDisputes(routeIds: number[]) {
  return {
    amount: routeIds.length,
    list: routeIds.map((intermediateRouteId, index) => ({ id: index + 1, intermediateRouteId })),
  };
}

function renderLine(target: DisputedLine = line, canDispute = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <DisputeLineAction line={target} canDispute={canDispute} />
      </App>
    </QueryClientProvider>,
  );
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation((url: string) =>
    url === clientPath(API.dispute.list)
      ? Promise.resolve({ data: openDisputes([99]) })
      : Promise.reject(new Error(`unexpected ${url}`)),
  );
});

describe("DisputeLineAction (a supplier's cut line)", () => {
  it("shows «En disputa» on a line whose trip has an open dispute", async () => {
    renderLine({ ...line, intermediateRouteId: 99 });
    expect(await screen.findByText("En disputa", {}, LONG)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Disputar/ })).toBeNull();
    expect(get).toHaveBeenCalledWith(clientPath(API.dispute.list), {
      params: { cutId: 7, status: "OPEN", amount: 100, skip: 1 },
    });
  });

  it("an admin sees «En disputa» and nothing to click on the other lines", async () => {
    renderLine({ ...line, intermediateRouteId: 99 }, false);
    expect(await screen.findByText("En disputa", {}, LONG)).toBeTruthy();
    renderLine(line, false);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2), LONG);
    expect(screen.queryByRole("button", { name: /Disputar/ })).toBeNull();
  });

  it("disputes a line: the contract's messages, then POST Dispute and a success message", async () => {
    post.mockResolvedValue({ data: { id: 3, message: "Disputa registrada" } });
    renderLine();
    const button = await screen.findByRole("button", { name: "Disputar viaje Ruta Norte" }, LONG);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), LONG);
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText("Pagado en el corte #7: $120")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar disputa" }));
    expect((await within(dialog).findAllByText(REQUIRED_MESSAGE, {}, LONG)).length).toBe(2);

    fireEvent.change(field(dialog, "Motivo"), { target: { value: "  Hubo dos viajes ese día " } });
    fireEvent.change(field(dialog, "Monto reclamado"), { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar disputa" }));
    expect(await within(dialog).findByText(DISPUTE_AMOUNT_MESSAGE, {}, LONG)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(field(dialog, "Monto reclamado"), { target: { value: "45.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar disputa" }));
    await waitFor(() => expect(post).toHaveBeenCalled(), LONG);
    expect(post).toHaveBeenCalledWith(clientPath(API.dispute.create), {
      cutId: 7,
      intermediateRouteId: 41,
      reason: "Hubo dos viajes ese día",
      claimedAmount: 45.5,
    });
    expect(await screen.findByText("Disputa registrada", {}, LONG)).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    post.mockRejectedValue(httpError(409, DISPUTE_ALREADY_OPEN_MESSAGE));
    renderLine();
    const button = await screen.findByRole("button", { name: "Disputar viaje Ruta Norte" }, LONG);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), LONG);
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.change(field(dialog, "Motivo"), { target: { value: "Kilometraje incompleto" } });
    fireEvent.change(field(dialog, "Monto reclamado"), { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar disputa" }));
    expect(await within(dialog).findByText(DISPUTE_ALREADY_OPEN_MESSAGE, {}, LONG)).toBeTruthy();
  });
});
