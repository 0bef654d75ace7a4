import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { API, clientPath } from "@treiber/contract/api-paths";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { RequireSession } from "../../app/guards";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/** The form loads on demand: the first render may take a while on a loaded machine. */
const LONG = { timeout: 15_000 };

let put: MockInstance<typeof http.put>;
beforeEach(() => {
  put = vi.spyOn(http, "put");
});

/** A collaborator signed in with a temporary password, opening «Mi QR» of Treiber App. */
function openWithTemporaryPassword() {
  sessionStore.signIn({
    token: "t",
    refreshToken: "r",
    roles: ["Collaborator"],
    userId: 1,
    mustChangePassword: true,
    user: { name: "Ana", lastname: "Bueno", jobTitle: null, image: null },
  });
  const router = createMemoryRouter(
    [{ element: <RequireSession />, children: [{ path: "/qr", element: <p>Mi QR de Treiber App</p> }] }],
    { initialEntries: ["/qr"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText("Contraseña actual"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("Nueva contraseña"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirmar contraseña"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
}

function badRequest(errors: Record<string, string>) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const message = Object.values(errors)[0] ?? "";
  const response = {
    status: 400,
    statusText: "",
    headers: {},
    config,
    data: { statusCode: 400, message, errors },
  };
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response as AxiosResponse);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStore.resetSession();
});

describe("temporary password in Treiber App (issue 33)", () => {
  it("is changed here and the app goes on to the screen asked for, never to the back office", async () => {
    put.mockResolvedValue({ data: { message: "Contraseña actualizada" } } as never);
    const router = openWithTemporaryPassword();
    expect(await screen.findByRole("heading", { name: "Cambiar contraseña" }, LONG)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /back office|Cambiar contraseña/ })).toBeNull();
    fill("Temporal123", "Nueva1234");
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(clientPath(API.auth.changePassword), {
        currentPassword: "Temporal123",
        newPassword: "Nueva1234",
      }),
    );
    expect(await screen.findByText("Mi QR de Treiber App", {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/qr");
    expect(sessionStore.getSession()?.mustChangePassword).toBe(false);
  });

  it("checks the fields as the back office does, and sends nothing until they are right", async () => {
    openWithTemporaryPassword();
    await screen.findByRole("heading", { name: "Cambiar contraseña" }, LONG);
    fill("", "corta", "otra");
    expect(await screen.findByText("Este campo es requerido")).toBeTruthy();
    expect(screen.getByText("La contraseña debe tener al menos 8 caracteres")).toBeTruthy();
    expect(screen.getByText("Las contraseñas no coinciden")).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("shows the server's answer on its field and stays on the form", async () => {
    put.mockRejectedValue(badRequest({ currentPassword: "La contraseña actual es incorrecta" }));
    openWithTemporaryPassword();
    await screen.findByRole("heading", { name: "Cambiar contraseña" }, LONG);
    fill("Equivocada1", "Nueva1234");
    expect(await screen.findByText("La contraseña actual es incorrecta")).toBeTruthy();
    expect(screen.getByLabelText("Contraseña actual").getAttribute("aria-invalid")).toBe("true");
    expect(sessionStore.getSession()?.mustChangePassword).toBe(true);
    expect(screen.queryByText("Mi QR de Treiber App")).toBeNull();
  });
});
