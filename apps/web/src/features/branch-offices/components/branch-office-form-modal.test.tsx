import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type BranchOfficeItem, NO_SHOW_WAIT_MINUTES_MESSAGE, SAFETY_MESSAGES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { put, post } = vi.hoisted(() => ({ put: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get: vi.fn(), put, post } }));

import { BranchOfficeFormModal } from "./branch-office-form-modal";

const LONG = { timeout: 15_000 };
const WAIT = "Espera antes de marcar ausente (min)";
const ASK = "Preguntar ¿Llegó bien? tras (min)";
const ALERT = "Alertar sin respuesta tras (min)";
const OFFICE: BranchOfficeItem = {
  id: 7,
  name: "Sucursal Norte",
  address: "Av. Estrella Sadhalá 10",
  telephone: "(809) 555-1234",
  latitude: null,
  longitude: null,
  noShowWaitMinutes: 4,
  emergencyPhone: "(809) 555-0911",
  emergencyEmails: ["seguridad@empresa.com"],
  nightStart: "21:30",
  nightEnd: "05:00",
  safeArrivalAskMinutes: 25,
  safeArrivalWaitMinutes: 10,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountEmployees: 12,
};

function renderForm(office?: BranchOfficeItem) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <BranchOfficeFormModal open office={office} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", {}, LONG);
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));

beforeEach(() => {
  put.mockReset();
  post.mockReset();
});

describe("BranchOfficeFormModal: the wait before «Ausente» (issue 35)", () => {
  it("a new office starts at 2 minutes and sends them", async () => {
    post.mockResolvedValue({ data: { id: 9 } });
    const dialog = await renderForm();
    const wait = within(dialog).getByLabelText(WAIT) as HTMLInputElement;
    expect(wait.value).toBe("2");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Sucursal Sur" } });
    fireEvent.change(within(dialog).getByLabelText("Dirección"), { target: { value: "Calle 1" } });
    save(dialog);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), LONG);
    expect(post.mock.calls[0]?.[0]).toBe(clientPath(API.branchOffice.create));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ name: "Sucursal Sur", noShowWaitMinutes: 2 });
  });

  it("editing shows the office's wait, refuses one outside 0–30 or not whole, then sends the new one", async () => {
    put.mockResolvedValue({ data: { id: 7 } });
    const dialog = await renderForm(OFFICE);
    const wait = within(dialog).getByLabelText(WAIT) as HTMLInputElement;
    await waitFor(() => expect(wait.value).toBe("4"), LONG);
    for (const bad of ["31", "-1", "2.5"]) {
      fireEvent.change(wait, { target: { value: bad } });
      save(dialog);
      expect(await within(dialog).findByText(NO_SHOW_WAIT_MINUTES_MESSAGE, {}, LONG)).toBeTruthy();
    }
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(wait, { target: { value: "0" } });
    save(dialog);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put.mock.calls[0]?.[0]).toBe(clientPath(API.branchOffice.update));
    expect(put.mock.calls[0]?.[1]).toMatchObject({ id: 7, name: "Sucursal Norte", noShowWaitMinutes: 0 });
  });
});

describe("BranchOfficeFormModal: the safety fields (issue 38)", () => {
  it("a new office starts with the night window 20:00–06:00 and 20 and 15 minutes, and sends them", async () => {
    post.mockResolvedValue({ data: { id: 9 } });
    const dialog = await renderForm();
    expect((within(dialog).getByLabelText("Horario nocturno desde") as HTMLInputElement).value).toBe("20:00");
    expect((within(dialog).getByLabelText("Horario nocturno hasta") as HTMLInputElement).value).toBe("06:00");
    expect((within(dialog).getByLabelText(ASK) as HTMLInputElement).value).toBe("20");
    expect((within(dialog).getByLabelText(ALERT) as HTMLInputElement).value).toBe("15");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Sucursal Sur" } });
    fireEvent.change(within(dialog).getByLabelText("Dirección"), { target: { value: "Calle 1" } });
    fireEvent.change(within(dialog).getByLabelText("Teléfono de emergencia"), { target: { value: "911" } });
    save(dialog);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), LONG);
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      emergencyPhone: "911",
      emergencyEmails: [],
      nightStart: "20:00",
      nightEnd: "06:00",
      safeArrivalAskMinutes: 20,
      safeArrivalWaitMinutes: 15,
    });
  });

  it("editing shows the office's safety settings, refuses a bad phone or delay, then sends the change", async () => {
    put.mockResolvedValue({ data: { id: 7 } });
    const dialog = await renderForm(OFFICE);
    const phone = within(dialog).getByLabelText("Teléfono de emergencia") as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe("(809) 555-0911"), LONG);
    expect(within(dialog).getByText("seguridad@empresa.com")).toBeTruthy();
    expect((within(dialog).getByLabelText("Horario nocturno desde") as HTMLInputElement).value).toBe("21:30");
    expect((within(dialog).getByLabelText("Horario nocturno hasta") as HTMLInputElement).value).toBe("05:00");
    fireEvent.change(phone, { target: { value: "555-12" } });
    const ask = within(dialog).getByLabelText(ASK) as HTMLInputElement;
    expect(ask.value).toBe("25");
    fireEvent.change(ask, { target: { value: "181" } });
    save(dialog);
    expect(await within(dialog).findByText(SAFETY_MESSAGES.emergencyPhone, {}, LONG)).toBeTruthy();
    expect(await within(dialog).findByText(SAFETY_MESSAGES.delayAsk, {}, LONG)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(phone, { target: { value: "(809) 555-1111" } });
    fireEvent.change(ask, { target: { value: "30" } });
    save(dialog);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      id: 7,
      emergencyPhone: "(809) 555-1111",
      emergencyEmails: ["seguridad@empresa.com"],
      nightStart: "21:30",
      nightEnd: "05:00",
      safeArrivalAskMinutes: 30,
      safeArrivalWaitMinutes: 10,
    });
  });
});
