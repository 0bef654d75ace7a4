import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });

const { get, put, post } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get, put, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import {
  PASSWORD_MAILED_MESSAGE,
  RegeneratePasswordButton,
} from "../features/users/components/regenerate-password-button";
import { CollaboratorPage } from "./collaborator-page";
import { DriverPage } from "./driver-page";
import { UsersPage } from "./users-page";

function renderPage(page: ReactNode, url = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  post.mockReset();
});

describe("management pages", () => {
  it("lists drivers, sending the criterion without hyphens", async () => {
    get.mockResolvedValue({
      data: {
        amount: 1,
        list: [
          {
            id: 4,
            userId: 9,
            email: "juan@x.do",
            name: "Juan",
            lastname: "Pérez",
            identityCard: "001-1234567-8",
            telephone: "(809) 555-1234",
            licenseNumber: "L1",
            supplierId: 1,
            supplierName: "Transportes Norte",
            vehiclePlate: "A123456",
            vehicleModel: "Toyota Hiace",
            vehicleCapacity: 15,
            status: "active",
            createdDate: "2024-03-01T10:00:00.000Z",
          },
        ],
      },
    });
    renderPage(<DriverPage />, "/driver?criterion=001-1234567-8");
    expect(await screen.findByText("Transportes Norte")).toBeTruthy();
    // The vehicle is among the row's details, shown by expanding the row.
    expect(screen.queryByText("A123456 · Toyota Hiace")).toBeNull();
    fireEvent.click(document.querySelector(".ant-table-row-expand-icon") as HTMLElement);
    expect(screen.getByText("A123456 · Toyota Hiace")).toBeTruthy();
    expect(screen.getByText("1 registro")).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.driver.list), {
      params: { amount: 10, skip: 1, criterion: "00112345678" },
    });
  });

  it("shows the empty state and the error with retry", async () => {
    // The page also loads the branch-office names for its forms: only the list call fails once.
    let listCalls = 0;
    get.mockImplementation(async (url: string) => {
      if (url !== clientPath(API.employee.list)) return { data: [] };
      listCalls += 1;
      if (listCalls === 1) throw new Error("boom");
      return { data: { amount: 0, list: [] } };
    });
    renderPage(<CollaboratorPage />);
    const retry = await screen.findByText("Reintentar", {}, { timeout: 10_000 });
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByText("No hay registros")).toBeTruthy(), { timeout: 10_000 });
    expect(listCalls).toBe(2);
    expect(screen.getByRole("button", { name: "Nuevo colaborador" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sucursales" }).getAttribute("href")).toBe("/branchOffice");
  });

  it("shows drivers' role as a tag and a collaborator's as a select", async () => {
    get.mockResolvedValue({
      data: {
        amount: 2,
        list: [
          {
            id: 1,
            email: "admin@x.do",
            role: "Collaborator",
            status: "active",
            name: "Ana",
            lastname: "Ruiz",
            createdDate: "2024-03-01T10:00:00.000Z",
            lastSignInDate: null,
          },
          {
            id: 2,
            email: "chofer@x.do",
            role: "Driver",
            status: "inactive",
            name: "Luis",
            lastname: "Mora",
            createdDate: "2024-03-01T10:00:00.000Z",
            lastSignInDate: null,
          },
        ],
      },
    });
    renderPage(<UsersPage />);
    expect(await screen.findByText("admin@x.do")).toBeTruthy();
    expect(screen.getByText("Chofer")).toBeTruthy();
    expect(screen.getByLabelText("Rol de Ana Ruiz")).toBeTruthy();
    expect(screen.queryByLabelText("Rol de Luis Mora")).toBeNull();
  });

  it("regenerates a password after confirmation and shows it once", async () => {
    put.mockResolvedValue({ data: { userId: 9, temporaryPassword: "Tmp-Abc12345", message: "ok" } });
    renderPage(<RegeneratePasswordButton userId={9} name="Juan Pérez" />);
    fireEvent.click(screen.getByText("Regenerar contraseña"));
    fireEvent.click(await screen.findByText("Sí"));
    expect(await screen.findByText("Tmp-Abc12345", {}, { timeout: 10_000 })).toBeTruthy();
    expect(put).toHaveBeenCalledWith(clientPath(API.auth.regeneratePassword), { userId: 9 });
    fireEvent.click(screen.getByText("Entendido"));
    await waitFor(() => expect(screen.queryByText("Tmp-Abc12345")).toBeNull(), { timeout: 10_000 });
  });

  it("says the password was mailed when the answer does not carry it (an Admin regenerating)", async () => {
    put.mockResolvedValue({ data: { userId: 9, message: "ok" } });
    renderPage(<RegeneratePasswordButton userId={9} name="Juan Pérez" />);
    fireEvent.click(screen.getByText("Regenerar contraseña"));
    fireEvent.click(await screen.findByText("Sí"));
    expect(await screen.findByText(PASSWORD_MAILED_MESSAGE, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText("Contraseña temporal")).toBeNull();
  });
});
