import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { WebhookDeliveryItem, WebhookItem } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { get, post, del } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), del: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, post, delete: del } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { WebhooksPage } from "./webhooks-page";

const ERP: WebhookItem = {
  id: 3,
  url: "https://erp.empresa.do/treiber",
  events: ["trip.started", "cut.created"],
  description: "ERP",
  createdAt: "2026-11-20T14:00:00.000Z",
  createdBy: "María Rodríguez",
  pending: 2,
  failed: 1,
  lastDeliveryAt: "2026-11-28T09:30:00.000Z",
};
const FAILED: WebhookDeliveryItem = {
  id: 41,
  webhookId: 3,
  messageId: "msg_abc123",
  event: "cut.created",
  status: "FAILED",
  attempts: 8,
  lastStatusCode: 500,
  lastError: "El receptor respondió 500",
  nextAttemptAt: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  deliveredAt: null,
  payload: { type: "cut.created", timestamp: "2026-11-27T10:00:00.000Z", data: { id: 12 } },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <WebhooksPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.webhook.list)) return { data: { amount: 1, list: [ERP] } };
    if (url === clientPath(API.webhook.deliveries, { id: 3 })) return { data: { amount: 1, list: [FAILED] } };
    throw new Error(`GET inesperado ${url}`);
  });
});

describe("«Webhooks»", () => {
  it("lists each webhook with its events and deliveries pending and failed", async () => {
    renderPage();
    const row = (await screen.findByText(ERP.url)).closest("tr") as HTMLElement;
    expect(within(row).getByText("trip.started")).toBeTruthy();
    expect(within(row).getByText("cut.created")).toBeTruthy();
    expect(within(row).getByText("2 pendientes")).toBeTruthy();
    expect(within(row).getByText("1 fallidas")).toBeTruthy();
    expect(within(row).getByText("ERP")).toBeTruthy();
  });

  it("«Nuevo webhook» sends the URL and events, then shows the secret once with «Copiar»", async () => {
    const secret = `whsec_${"A".repeat(43)}=`;
    post.mockResolvedValue({ data: { id: 9, secret } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Nuevo webhook" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("URL"), {
      target: { value: "https://nomina.empresa.do/hook" },
    });
    fireEvent.click(within(dialog).getByText("Viaje finalizado"));
    fireEvent.click(within(dialog).getByText("Colaborador cambiado"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear" }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(clientPath(API.webhook.create), {
        url: "https://nomina.empresa.do/hook",
        events: ["trip.finished", "employee.changed"],
      }),
    );
    const shown = (await screen.findByLabelText("Secreto de firma")) as HTMLInputElement;
    expect(shown.value).toBe(secret);
    fireEvent.click(screen.getByRole("button", { name: "Copiar" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
  });

  it("refuses a webhook without events before calling the API", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Nuevo webhook" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("URL"), { target: { value: "https://a.do/h" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear" }));
    expect(await within(dialog).findByText("Elija al menos un evento válido")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("«Eliminar» asks first, then deletes the webhook", async () => {
    del.mockResolvedValue({ data: { message: "Webhook eliminado" } });
    renderPage();
    const row = (await screen.findByText(ERP.url)).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("¿Eliminar este webhook?")).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole("button", { name: "Eliminar" }).at(-1) as HTMLElement);
    await waitFor(() => expect(del).toHaveBeenCalledWith(clientPath(API.webhook.remove, { id: 3 })));
  });

  it("«Entregas» opens the log; «Reenviar» replays a delivery", async () => {
    post.mockResolvedValue({ data: { message: "Entrega programada de nuevo" } });
    renderPage();
    const row = (await screen.findByText(ERP.url)).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Entregas" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("El receptor respondió 500")).toBeTruthy();
    expect(within(drawer).getByText("Fallida")).toBeTruthy();
    expect(within(drawer).getByText("8 intentos")).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Reenviar" }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(clientPath(API.webhook.replay, { id: 41 })));
    expect(await screen.findByText("Entrega programada de nuevo")).toBeTruthy();
  });
});
