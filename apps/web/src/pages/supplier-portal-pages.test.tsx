import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { App } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });
const LONG = { timeout: 15_000 };

const { get, role } = vi.hoisted(() => ({ get: vi.fn(), role: { supplierUser: true } }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));
vi.mock("../shared/session/portal-role", () => ({
  isSupplierUser: () => role.supplierUser,
  useIsSupplierUser: () => role.supplierUser,
}));

import { API, clientPath } from "@treiber/contract/api-paths";
import { DriverPage } from "./driver-page";
import { SupplierPage } from "./supplier-page";

const DRIVER = {
  id: 4,
  userId: 9,
  email: "juan@x.do",
  name: "Juan",
  lastname: "Pérez",
  identityCard: "001-1234567-8",
  telephone: "(809) 555-1234",
  licenseNumber: "L1",
  supplierId: 2,
  supplierName: "Transportes Norte",
  vehiclePlate: "A123456",
  vehicleModel: "Toyota Hiace",
  vehicleCapacity: 15,
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
};

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>{page}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string) =>
    Promise.resolve({ data: url === clientPath(API.driver.list) ? { amount: 1, list: [DRIVER] } : [] }),
  );
});

describe("the supplier portal's pages (issue 37, decision 0079)", () => {
  it("«Choferes» is read-only for a supplier's user: no create, import, edit nor status switch", async () => {
    role.supplierUser = true;
    renderPage(<DriverPage />);
    expect(await screen.findByText("Juan", {}, LONG)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Nuevo chofer" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Importar/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Editar a Juan Pérez" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByText("Activo")).toBeTruthy();
  });

  it("an administrator keeps every action on «Choferes»", async () => {
    role.supplierUser = false;
    renderPage(<DriverPage />);
    expect(await screen.findByRole("button", { name: "Editar a Juan Pérez" }, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nuevo chofer" })).toBeTruthy();
    expect(screen.getByRole("switch")).toBeTruthy();
  });

  it("«Suplidores» offers an administrator «Usuario del portal» on each supplier", async () => {
    role.supplierUser = false;
    get.mockImplementation((url: string) =>
      Promise.resolve({
        data:
          url === clientPath(API.supplier.list)
            ? {
                amount: 1,
                list: [
                  {
                    id: 2,
                    name: "Transportes Norte",
                    rnc: null,
                    contactName: null,
                    telephone: null,
                    email: null,
                    amountDrivers: 3,
                    status: "active",
                    createdDate: "2024-03-01T10:00:00.000Z",
                    rateType: null,
                    rateAmount: null,
                    vehicleRates: null,
                  },
                ],
              }
            : [],
      }),
    );
    renderPage(<SupplierPage />);
    expect(
      await screen.findByRole("button", { name: "Crear usuario del portal de Transportes Norte" }, LONG),
    ).toBeTruthy();
  });
});
