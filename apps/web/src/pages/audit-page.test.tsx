import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { AuditItem } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 90_000 });

const { get } = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock("../shared/api/http-client", () => ({ http: { get } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { diffRows } from "../features/audit/components/audit-diff";
import { AuditPage } from "./audit-page";

const UPDATE: AuditItem = {
  id: 7,
  at: "2026-11-28T14:05:09.000Z",
  userId: 3,
  userName: "María Rodríguez",
  apiKeyId: null,
  entity: "BranchOffice",
  entityId: "12",
  action: "update",
  before: { address: "Av. Churchill 25" },
  after: { address: "Av. Lincoln 10" },
  ip: "10.0.0.8",
};
const BY_KEY: AuditItem = {
  id: 6,
  at: "2026-11-28T13:00:00.000Z",
  userId: null,
  userName: null,
  apiKeyId: 4,
  entity: "Webhook",
  entityId: "2",
  action: "create",
  before: null,
  after: { id: 2, url: "https://erp.empresa.do/treiber" },
  ip: "10.0.0.9",
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = "/audit") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <AuditPage />
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (url: string) => {
    if (url === clientPath(API.audit.list)) return { data: { amount: 2, list: [UPDATE, BY_KEY] } };
    throw new Error(`GET inesperado ${url}`);
  });
});

describe("«Auditoría»", () => {
  it("lists who changed what, a user or an API key, and a row expands to the fields before and after", async () => {
    renderPage();
    const row = (await screen.findByText("María Rodríguez")).closest("tr") as HTMLElement;
    expect(within(row).getByText("BranchOffice")).toBeTruthy();
    expect(within(row).getByText("update")).toBeTruthy();
    expect(within(row).getByText("10.0.0.8")).toBeTruthy();
    expect(screen.getByText("Clave de API #4")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: /expandir|expand/i }));
    expect(await screen.findByText("Av. Churchill 25")).toBeTruthy();
    expect(screen.getByText("Av. Lincoln 10")).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.audit.list), { params: { amount: 10, skip: 1 } });
  });

  it("filters from the URL: entity, id, user and dates reach the API", async () => {
    renderPage("/audit?entity=Route&entityId=5&userId=3&sinceDate=11/01/2026&untilDate=11/28/2026");
    await screen.findByText("María Rodríguez");
    expect(get).toHaveBeenCalledWith(clientPath(API.audit.list), {
      params: {
        amount: 10,
        skip: 1,
        entity: "Route",
        entityId: "5",
        userId: 3,
        sinceDate: "11/01/2026",
        untilDate: "11/28/2026",
      },
    });
  });

  it("typing an id filters on Enter and goes back to page 1", async () => {
    renderPage("/audit?page=2");
    await screen.findByText("María Rodríguez");
    const id = screen.getByLabelText("Id");
    fireEvent.change(id, { target: { value: "12" } });
    fireEvent.keyDown(id, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?entityId=12"));
  });
});

describe("diffRows", () => {
  it("one line per field; a create has only after, a delete only before", () => {
    expect(diffRows(UPDATE)).toEqual([
      { field: "address", before: "Av. Churchill 25", after: "Av. Lincoln 10" },
    ]);
    expect(diffRows(BY_KEY)).toEqual([
      { field: "id", before: "", after: "2" },
      { field: "url", before: "", after: "https://erp.empresa.do/treiber" },
    ]);
    expect(diffRows({ before: { status: "active" }, after: null })).toEqual([
      { field: "status", before: "active", after: "" },
    ]);
    expect(diffRows({ before: null, after: null })).toEqual([]);
  });
});
