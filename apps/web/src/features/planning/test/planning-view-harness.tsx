import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { PlanningProposal, ShiftListItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { App } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { http } from "../../../shared/api/http-client";
import { PlanningView } from "../components/planning-view";
import { planningContext } from "./planning-data";

/**
 * What the tests of Planificación's page share: its GETs served, the page rendered in a router,
 * and the steps a user takes. The test file mocks `shared/api/http-client` (`vi.mock`), so `http`
 * here is that mock.
 */

export const SHIFT: ShiftListItem = {
  id: 7,
  branchOfficeId: 3,
  branchOfficeName: "Sede Central",
  name: "Mañana",
  direction: "inbound",
  time: "08:00",
  days: [
    { id: 1, name: "Lunes" },
    { id: 2, name: "Martes" },
  ],
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
  amountRoutes: 2,
  travelSpeedKmh: null,
  travelCircuity: null,
  confirmationRequired: false,
  cutoffMinutes: 120,
  cutoffDayBeforeTime: null,
  dayPlanAuto: false,
};
export const DAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"].map(
  (name, index) => ({
    id: index + 1,
    name,
  }),
);

export function httpError(status: number, message: string) {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = {
    status,
    statusText: "",
    headers: {},
    config,
    data: { statusCode: status, message },
  } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

/** The back office's GETs: branch offices, shifts, days and the planning context. */
export function serve({ shifts = [SHIFT], context = planningContext() } = {}) {
  vi.mocked(http.get).mockImplementation(async (url: string) => {
    if (url === clientPath(API.branchOffice.listName)) return { data: [{ id: 3, name: "Sede Central" }] };
    if (url === clientPath(API.shift.list)) return { data: { amount: shifts.length, list: shifts } };
    if (url === clientPath(API.day.list)) return { data: DAYS };
    if (url === clientPath(API.planning.context)) return { data: context };
    throw new Error(`GET ${url} not expected`);
  });
}

/** Renders Planificación at `url` (and «Rutas» at /routes); answers its router. */
export function renderView(url = "/planning") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/planning", element: <PlanningView /> },
      { path: "/routes", element: <p>Rutas</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

/** Posts to Planning/propose answer `answer`; others fail the test. */
export function answerProposals(answer: () => PlanningProposal | Promise<PlanningProposal>) {
  vi.mocked(http.post).mockImplementation(async (url: string) => {
    if (url === clientPath(API.planning.propose)) return { data: await answer() };
    throw new Error(`POST ${url} not expected`);
  });
}

/** Picks `option` in the antd select named `label`. */
export async function choose(label: string, option: string) {
  const select = screen.getByRole("combobox", { name: label });
  fireEvent.mouseDown(select);
  const item = await screen.findByTitle(option, {}, { timeout: 10_000 });
  fireEvent.click(item);
}

export const figure = (name: string) => {
  const table = screen.getByRole("table", { name: "Cifras de las rutas actuales y de la propuesta" });
  const row = within(table).getByText(name).closest("tr") as HTMLElement;
  return [...row.querySelectorAll("td")].map((cell) => cell.textContent);
};

/** Opens the first proposed route's stops. */
export function expandFirstRoute() {
  const table = screen.getByRole("table", { name: "Rutas propuestas" });
  fireEvent.click(table.querySelector(".ant-table-row-expand-icon") as HTMLElement);
}

export async function proposeAndWait() {
  // The page loads its context first: on a loaded machine that takes seconds (never a timed assertion).
  fireEvent.click(await screen.findByRole("button", { name: "Proponer rutas" }, { timeout: 10_000 }));
  await screen.findByRole("heading", { name: "Propuesta" }, { timeout: 10_000 });
}
