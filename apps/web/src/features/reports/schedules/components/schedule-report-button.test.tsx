import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReportScheduleItem } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
const LONG = { timeout: 15_000 };

const { get, post, del, role } = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  del: vi.fn(),
  role: { supplierUser: false },
}));
vi.mock("../../../../shared/api/http-client", () => ({ http: { get, post, delete: del } }));
vi.mock("../../../../shared/session/portal-role", () => ({
  isSupplierUser: () => role.supplierUser,
  useIsSupplierUser: () => role.supplierUser,
}));

import { API, clientPath } from "@treiber/contract/api-paths";
import { ScheduleReportButton } from "./schedule-report-button";

const EXISTING: ReportScheduleItem = {
  id: 7,
  report: "route",
  frequency: "weekly",
  time: "07:00",
  weekday: 1,
  monthDay: null,
  recipients: ["gerencia@prueba.do"],
  filters: {},
  createdBy: "Ana Pérez",
  nextRunAt: "2026-11-16T11:00:00.000Z",
  lastRunAt: "2026-11-09T11:00:05.000Z",
  lastStatus: "sent",
  lastError: null,
};

function renderButton(excelPath = clientPath(API.route.reportExcel)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <ScheduleReportButton
          excelPath={excelPath}
          params={{
            sinceDate: "11/01/2026",
            untilDate: "11/07/2026",
            skip: 1,
            amount: 10,
            routeName: "Ruta Norte",
          }}
        />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  role.supplierUser = false;
  get.mockReset().mockResolvedValue({ data: { amount: 1, list: [EXISTING] } });
  post.mockReset().mockResolvedValue({ data: { ...EXISTING, id: 8 } });
  del.mockReset().mockResolvedValue({ data: { message: "Envío programado eliminado" } });
});

describe("«Programar envío»", () => {
  it("lists the report's schedules and programs one with the page's filters, not its dates", async () => {
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: /Programar envío/ }));
    expect(await screen.findByText("Semanal, los lunes a las 07:00", undefined, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.reportSchedule.list), { params: { report: "route" } });
    expect(screen.getByText("Ruta: Ruta Norte")).toBeTruthy();
    const recipients = screen.getByLabelText("Destinatarios");
    fireEvent.change(recipients, { target: { value: "finanzas@prueba.do," } });
    fireEvent.click(screen.getByRole("button", { name: "Programar" }));
    await waitFor(() => expect(post).toHaveBeenCalled(), LONG);
    expect(post).toHaveBeenCalledWith(clientPath(API.reportSchedule.create), {
      report: "route",
      frequency: "daily",
      time: "07:00",
      recipients: ["finanzas@prueba.do"],
      filters: { routeName: "Ruta Norte" },
    });
  });

  it("deletes a schedule after confirming", async () => {
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: /Programar envío/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar envío 7" }, LONG));
    const confirm = await screen.findByRole("tooltip", undefined, LONG);
    fireEvent.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    await waitFor(
      () => expect(del).toHaveBeenCalledWith(clientPath(API.reportSchedule.remove, { id: 7 })),
      LONG,
    );
  });

  it("is not offered for an export that cannot be scheduled, nor to a supplier's user", () => {
    const { unmount } = renderButton(clientPath(API.cut.headboardExcel));
    expect(screen.queryByRole("button", { name: /Programar envío/ })).toBeNull();
    unmount();
    role.supplierUser = true;
    renderButton();
    expect(screen.queryByRole("button", { name: /Programar envío/ })).toBeNull();
  });
});
