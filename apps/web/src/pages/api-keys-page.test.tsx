import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ApiKeyItem } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { get, post, del } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), del: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, post, delete: del } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { ApiKeysPage } from "./api-keys-page";

const PAYROLL: ApiKeyItem = {
  id: 4,
  name: "Nómina",
  scopes: ["reports:read", "trips:read"],
  prefix: "trb_AbCd",
  createdAt: "2026-11-20T14:00:00.000Z",
  createdBy: "María Rodríguez",
  lastUsedAt: "2026-11-28T09:30:00.000Z",
  lastUsedIp: "203.0.113.7",
  revokedAt: null,
};
const OLD: ApiKeyItem = {
  ...PAYROLL,
  id: 2,
  name: "ERP antiguo",
  prefix: "trb_Zz9_",
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: "2026-11-01T10:00:00.000Z",
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <ApiKeysPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.apiKey.list)) return { data: { amount: 2, list: [PAYROLL, OLD] } };
    throw new Error(`GET inesperado ${url}`);
  });
});

describe("«Claves de API»", () => {
  it("lists each key with its scopes, last use and state; a revoked key has no «Revocar»", async () => {
    renderPage();
    const payroll = (await screen.findByText("Nómina")).closest("tr") as HTMLElement;
    expect(within(payroll).getByText("trb_AbCd…")).toBeTruthy();
    expect(within(payroll).getByText("reports:read")).toBeTruthy();
    expect(within(payroll).getByText("203.0.113.7")).toBeTruthy();
    expect(within(payroll).getByText("Activa")).toBeTruthy();
    expect(within(payroll).getByRole("button", { name: "Revocar" })).toBeTruthy();
    const old = screen.getByText("ERP antiguo").closest("tr") as HTMLElement;
    expect(within(old).getByText("Nunca")).toBeTruthy();
    expect(within(old).getByText("Revocada")).toBeTruthy();
    expect(within(old).queryByRole("button", { name: "Revocar" })).toBeNull();
  });

  it("«Nueva clave» sends the name and the scopes, then shows the key once with «Copiar»", async () => {
    const key = `trb_${"x".repeat(43)}`;
    post.mockResolvedValue({ data: { id: 9, key } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Nueva clave" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Recursos Humanos" } });
    fireEvent.click(within(dialog).getByText("Crear y editar colaboradores y choferes"));
    fireEvent.click(within(dialog).getByText("Leer rutas, turnos y paradas"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear" }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(clientPath(API.apiKey.create), {
        name: "Recursos Humanos",
        scopes: ["people:write", "routes:read"],
      }),
    );
    const shown = (await screen.findByLabelText("Clave de API")) as HTMLInputElement;
    expect(shown.value).toBe(key);
    expect(screen.getByText("Copie esta clave ahora: no se volverá a mostrar.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Copiar" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(key));
    expect(await screen.findByRole("button", { name: "Copiada" })).toBeTruthy();
  });

  it("refuses a key without scopes before calling the API", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Nueva clave" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Sin permisos" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear" }));
    expect(await within(dialog).findByText("Elija al menos un permiso válido")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("«Revocar» asks first, then revokes the key", async () => {
    del.mockResolvedValue({ data: { message: "Clave de API revocada" } });
    renderPage();
    const payroll = (await screen.findByText("Nómina")).closest("tr") as HTMLElement;
    fireEvent.click(within(payroll).getByRole("button", { name: "Revocar" }));
    expect(await screen.findByText("¿Revocar esta clave?")).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    const confirm = screen.getAllByRole("button", { name: "Revocar" }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(del).toHaveBeenCalledWith(clientPath(API.apiKey.revoke, { id: 4 })));
    expect(await screen.findByText("Clave revocada: Nómina")).toBeTruthy();
  });
});
