import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const { post } = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { SupplierUserModal } from "./supplier-user-modal";

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <SupplierUserModal supplier={{ id: 2, name: "Transportes Norte" }} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", { name: "Crear usuario del portal" }, LONG);
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

beforeEach(() => post.mockReset());

describe("SupplierUserModal: «Crear usuario del portal» (issue 37)", () => {
  it("creates the supplier's user without a password and shows the temporary one once", async () => {
    post.mockResolvedValue({ data: { userId: 40, id: 3, temporaryPassword: "Tmp-Supp1234" } });
    const dialog = await renderModal();
    fill(dialog, "Correo electrónico", "ana@norte.do");
    fill(dialog, "Nombre", "Ana");
    fill(dialog, "Apellido", "Suplidora");
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), LONG);
    expect(post).toHaveBeenCalledWith(clientPath(API.auth.supplierSignup), {
      email: "ana@norte.do",
      name: "Ana",
      lastname: "Suplidora",
      supplierId: 2,
    });
    expect(await screen.findByText("Tmp-Supp1234", {}, LONG)).toBeTruthy();
    expect(screen.getByText("Usuario del portal creado")).toBeTruthy();
  });

  it("sends a password typed by the administrator after checking it, and shows the server's refusal", async () => {
    const config = { headers: {} } as InternalAxiosRequestConfig;
    const response = {
      status: 409,
      statusText: "Conflict",
      headers: {},
      config,
      data: { statusCode: 409, message: "El correo ya está registrado" },
    } as AxiosResponse;
    post.mockRejectedValueOnce(new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response));
    const dialog = await renderModal();
    fill(dialog, "Correo electrónico", "ana@norte.do");
    fill(dialog, "Nombre", "Ana");
    fill(dialog, "Apellido", "Suplidora");
    fill(dialog, "Contraseña (opcional)", "corta");
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText(/La contraseña debe tener al menos/, {}, LONG)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fill(dialog, "Contraseña (opcional)", "Segura-Clave-2026");
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("El correo ya está registrado", {}, LONG)).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[1]).toMatchObject({ password: "Segura-Clave-2026", supplierId: 2 });
  });
});
