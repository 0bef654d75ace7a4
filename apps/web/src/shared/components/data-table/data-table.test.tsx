import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PagedTable } from "./paged-table";
import { StatusToggle } from "./status-toggle";
import { useTableParams } from "./use-table-params";

// antd renders slowly in jsdom when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

type Row = { id: number; name: string };

let lastRequest: unknown;

function Harness({ rows, total }: { rows: Row[]; total: number }) {
  const table = useTableParams();
  lastRequest = table.request;
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <PagedTable<Row>
        table={table}
        columns={[{ title: "Nombre", dataIndex: "name", sorter: true }]}
        rows={rows}
        total={total}
        loading={false}
        error={null}
        rowKey="id"
        dateFilter
      />
    </>
  );
}

const renderAt = (url: string, rows: Row[] = [], total = 0) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness rows={rows} total={total} />
    </MemoryRouter>,
  );

describe("PagedTable", () => {
  it("reads page, criterion and dates from the URL into the list request", () => {
    renderAt("/branchOffice?page=2&criterion=norte&sinceDate=03/01/2024&untilDate=03/31/2024");
    expect(lastRequest).toEqual({
      amount: 10,
      skip: 2,
      criterion: "norte",
      sinceDate: "03/01/2024",
      untilDate: "03/31/2024",
    });
    expect((screen.getByPlaceholderText("Buscar") as HTMLInputElement).value).toBe("norte");
  });

  it("shows the empty state", () => {
    renderAt("/branchOffice");
    expect(screen.getByText("No hay registros")).toBeTruthy();
    expect(lastRequest).toEqual({ amount: 10, skip: 1 });
  });

  it("writes a debounced search to the URL and goes back to page 1", async () => {
    vi.useFakeTimers();
    try {
      renderAt("/branchOffice?page=3", [{ id: 1, name: "Sucursal Norte" }], 25);
      expect(screen.getByText("Sucursal Norte")).toBeTruthy();
      fireEvent.change(screen.getByPlaceholderText("Buscar"), { target: { value: "sur" } });
      expect(screen.getByTestId("search").textContent).toBe("?page=3");
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      expect(screen.getByTestId("search").textContent).toBe("?criterion=sur");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("PagedTable sorting", () => {
  it("reads the sort from the URL into the request and marks its header", () => {
    renderAt("/branchOffice?sortBy=name&sortOrder=desc", [{ id: 1, name: "Sucursal Norte" }], 1);
    expect(lastRequest).toEqual({ amount: 10, skip: 1, sortBy: "name", sortOrder: "desc" });
    expect(screen.getByRole("columnheader", { name: /Nombre/ }).getAttribute("aria-sort")).toBe("descending");
  });

  it("writes a header's sort to the URL and goes back to page 1; a third click drops it", () => {
    renderAt("/branchOffice?page=2", [{ id: 1, name: "Sucursal Norte" }], 25);
    const header = () => screen.getByRole("columnheader", { name: /Nombre/ });
    fireEvent.click(header());
    expect(screen.getByTestId("search").textContent).toBe("?sortBy=name&sortOrder=asc");
    fireEvent.click(header());
    expect(screen.getByTestId("search").textContent).toBe("?sortBy=name&sortOrder=desc");
    fireEvent.click(header());
    expect(screen.getByTestId("search").textContent).toBe("");
    expect(lastRequest).toEqual({ amount: 10, skip: 1 });
  });

  it("ignores an unknown direction in the URL (ascending)", () => {
    renderAt("/branchOffice?sortBy=name&sortOrder=sideways");
    expect(lastRequest).toEqual({ amount: 10, skip: 1, sortBy: "name", sortOrder: "asc" });
  });
});

describe("StatusToggle", () => {
  it("asks for confirmation before changing the status", async () => {
    const onChange = vi.fn();
    render(<StatusToggle status="active" name="Sucursal Norte" onChange={onChange} />);
    expect(screen.getByText("Activo")).toBeTruthy();
    fireEvent.click(screen.getByRole("switch"));
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByText('¿Seguro que desea inactivar "Sucursal Norte"?')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Sí" }));
    expect(onChange).toHaveBeenCalledWith("inactive");
  });
});
