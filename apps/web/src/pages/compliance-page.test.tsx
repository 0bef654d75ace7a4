import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComplianceResponse } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get, role } = vi.hoisted(() => ({ get: vi.fn(), role: { supplierUser: false } }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));
vi.mock("../shared/session/portal-role", () => ({
  isSupplierUser: () => role.supplierUser,
  useIsSupplierUser: () => role.supplierUser,
}));

import { API, clientPath } from "@treiber/contract/api-paths";
import { CompliancePage } from "./compliance-page";

const COMPLIANCE: ComplianceResponse = {
  blockedDrivers: 1,
  expired: 2,
  expiring: 5,
  amount: 2,
  list: [
    {
      documentId: 11,
      supplierId: 2,
      supplierName: "Transportes Norte",
      ownerType: "DRIVER",
      ownerId: 4,
      ownerName: "Juan Pérez",
      type: "LICENSE",
      number: "LIC-555",
      expiresOn: "2026-11-12",
      status: "EXPIRED",
      daysLeft: -3,
      blocksDriverId: 4,
    },
    {
      documentId: 12,
      supplierId: 2,
      supplierName: "Transportes Norte",
      ownerType: "SUPPLIER",
      ownerId: 2,
      ownerName: "Transportes Norte",
      type: "CONTRACT",
      number: "C-9",
      expiresOn: "2026-12-01",
      status: "EXPIRING",
      daysLeft: 1,
      blocksDriverId: null,
    },
  ],
};

function answer(url: string) {
  if (url === clientPath(API.document.compliance)) return Promise.resolve({ data: COMPLIANCE });
  if (url === clientPath(API.supplier.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Transportes Norte" }] });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = "/compliance") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <CompliancePage />
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(answer);
  role.supplierUser = false;
});

describe("«Cumplimiento» (issue 37)", () => {
  it("shows the counters and what expires when, by supplier, with whom it blocks", async () => {
    renderPage("/compliance?supplierId=2&status=EXPIRED&blocking=true");
    expect(await screen.findByText("LIC-555", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.document.compliance), {
      params: { amount: 10, skip: 1, supplierId: 2, status: "EXPIRED", blocking: "true" },
    });
    expect(screen.getByTestId("compliance-blockedDrivers").textContent).toContain("1");
    expect(screen.getByTestId("compliance-expired").textContent).toContain("2");
    expect(screen.getByTestId("compliance-expiring").textContent).toContain("5");
    expect(screen.getByText("12/11/2026")).toBeTruthy();
    expect(screen.getByText("Hace 3 días")).toBeTruthy();
    expect(screen.getByText("En 1 día")).toBeTruthy();
    expect(screen.getByTestId("compliance-blocked").textContent).toBe("Bloqueado: Juan Pérez");
    expect(screen.getByText("Contrato")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Suplidor" })).toBeTruthy();
    expect(
      (screen.getByRole("switch", { name: "Solo los que bloquean" }) as HTMLButtonElement).getAttribute(
        "aria-checked",
      ),
    ).toBe("true");
  });

  it("keeps «Solo los que bloquean» in the URL, back on the first page", async () => {
    renderPage("/compliance?page=2");
    await screen.findByText("LIC-555", {}, LONG);
    fireEvent.click(screen.getByRole("switch", { name: "Solo los que bloquean" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?blocking=true"), LONG);
    await waitFor(
      () =>
        expect(get).toHaveBeenLastCalledWith(clientPath(API.document.compliance), {
          params: { amount: 10, skip: 1, blocking: "true" },
        }),
      LONG,
    );
  });

  it("groups by supplier on request: the server's order stays, each supplier's papers share one cell", async () => {
    const grouped: ComplianceResponse = {
      ...COMPLIANCE,
      amount: 3,
      list: [
        ...COMPLIANCE.list,
        {
          ...(COMPLIANCE.list[0] as ComplianceResponse["list"][number]),
          documentId: 13,
          supplierId: 3,
          supplierName: "Guaguas del Sur",
          number: "LIC-777",
          expiresOn: "2026-11-20",
        },
      ],
    };
    get.mockImplementation((url: string) =>
      url === clientPath(API.document.compliance) ? Promise.resolve({ data: grouped }) : answer(url),
    );
    renderPage("/compliance?status=EXPIRED&page=2");
    await screen.findByText("LIC-555", {}, LONG);
    expect(screen.queryAllByTestId("compliance-group")).toHaveLength(0);
    fireEvent.click(screen.getByRole("switch", { name: "Agrupar por suplidor" }));
    await waitFor(
      () => expect(screen.getByTestId("where").textContent).toBe("?status=EXPIRED&group=supplier"),
      LONG,
    );
    await waitFor(
      () =>
        expect(get).toHaveBeenLastCalledWith(clientPath(API.document.compliance), {
          params: { amount: 10, skip: 1, status: "EXPIRED", groupBy: "supplier" },
        }),
      LONG,
    );
    const groups = await screen.findAllByTestId("compliance-group", {}, LONG);
    expect(groups.map((group) => group.textContent)).toEqual(["Transportes Norte", "Guaguas del Sur"]);
    expect(groups[0]?.closest("td")?.getAttribute("rowspan")).toBe("2");
    // The rows keep the order the server gave (soonest expiry first inside each supplier).
    const numbers = screen.getAllByRole("row").flatMap((row) => {
      const cell = ["LIC-555", "C-9", "LIC-777"].find((number) => row.textContent?.includes(number));
      return cell ? [cell] : [];
    });
    expect(numbers).toEqual(["LIC-555", "C-9", "LIC-777"]);
  });

  it("shows the server's message with a retry on a failure", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.document.compliance)
        ? Promise.reject(
            Object.assign(new Error("forbidden"), {
              isAxiosError: true,
              response: { status: 403, data: { message: "No tiene permiso para esta operación" } },
            }),
          )
        : answer(url),
    );
    renderPage();
    expect(await screen.findByText("No tiene permiso para esta operación", {}, LONG)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });

  it("says when nothing expires", async () => {
    get.mockImplementation((url: string) =>
      url === clientPath(API.document.compliance)
        ? Promise.resolve({ data: { blockedDrivers: 0, expired: 0, expiring: 0, amount: 0, list: [] } })
        : answer(url),
    );
    renderPage();
    expect(await screen.findByText("Ningún documento vencido ni por vencer", {}, LONG)).toBeTruthy();
  });

  it("a supplier's user has no supplier filter nor column (the server gives only theirs)", async () => {
    role.supplierUser = true;
    renderPage();
    await screen.findByText("LIC-555", {}, LONG);
    expect(screen.queryByRole("combobox", { name: "Suplidor" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Suplidor" })).toBeNull();
    expect(screen.queryByRole("switch", { name: "Agrupar por suplidor" })).toBeNull();
    expect(get).not.toHaveBeenCalledWith(clientPath(API.supplier.listName));
  });
});
