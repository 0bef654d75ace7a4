import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Table } from "antd";
import { describe, expect, it, vi } from "vitest";
import { type StatusMutation, statusActionsColumns } from "./status-actions-columns";
import { countLabel, scrollWidth, TableBody } from "./table-body";

// antd renders slowly in jsdom when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

type Row = { id: number; name: string; status: "active" | "inactive" };
const rows: Row[] = [{ id: 7, name: "Sucursal Norte", status: "active" }];

function mutation() {
  const mutate = vi.fn<StatusMutation["mutate"]>();
  const setStatus: StatusMutation = { isPending: false, variables: undefined, mutate };
  return { setStatus, mutate };
}

describe("statusActionsColumns", () => {
  it("shows the status once, as a labelled switch, and saves the confirmed status", async () => {
    const { setStatus, mutate } = mutation();
    const { status, actions } = statusActionsColumns<Row>({
      setStatus,
      name: (row) => row.name,
      actions: (row) => <button type="button">{`Editar ${row.name}`}</button>,
    });
    render(<Table<Row> rowKey="id" columns={[status, actions]} dataSource={rows} pagination={false} />);
    expect(screen.getByText("Estado")).toBeTruthy();
    expect(screen.getByText("Acciones")).toBeTruthy();
    // The switch says "Activo" itself: no tag repeats it.
    expect(document.querySelector(".ant-tag")).toBeNull();
    expect(screen.getByRole("button", { name: "Editar Sucursal Norte" })).toBeTruthy();
    const toggle = screen.getByRole("switch", { name: "Cambiar estado de Sucursal Norte" });
    expect(toggle.textContent).toContain("Activo");
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByText('¿Seguro que desea inactivar "Sucursal Norte"?')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Sí" }));
    expect(mutate).toHaveBeenCalledWith({ id: 7, status: "inactive" }, expect.anything());
  });

  it("fixes the actions column on the right with its width", () => {
    const { status, actions } = statusActionsColumns<Row>({
      setStatus: mutation().setStatus,
      name: (row) => row.name,
      actions: () => null,
      actionsWidth: 230,
    });
    expect(actions).toMatchObject({ title: "Acciones", fixed: "right", width: 230 });
    expect(status).toMatchObject({ title: "Estado", width: 120 });
  });

  it("shows the tag, not the switch, when the user may not change the status", async () => {
    const { status } = statusActionsColumns<Row>({
      setStatus: mutation().setStatus,
      name: (row) => row.name,
      statusLockedReason: () => "Solo un Super administrador puede cambiar el estado de un administrador",
    });
    render(<Table<Row> rowKey="id" columns={[status]} dataSource={rows} pagination={false} />);
    expect(screen.queryByRole("switch")).toBeNull();
    const tag = screen.getByText("Activo");
    fireEvent.mouseEnter(tag);
    await waitFor(() =>
      expect(
        screen.getByText("Solo un Super administrador puede cambiar el estado de un administrador"),
      ).toBeTruthy(),
    );
  });
});

describe("TableBody", () => {
  it("shows the error with a retry button above the empty state", () => {
    const onRetry = vi.fn();
    render(
      <TableBody<Row>
        columns={[{ title: "Nombre", dataIndex: "name" }]}
        rowKey="id"
        emptyText="No hay rutas finalizadas en este período"
        rows={undefined}
        total={undefined}
        page={1}
        pageSize={5}
        loading={false}
        error={new Error("Falló la carga")}
        onRetry={onRetry}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByText("No hay rutas finalizadas en este período")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("pages through the rows", () => {
    const onPageChange = vi.fn();
    render(
      <TableBody<Row>
        columns={[{ title: "Nombre", dataIndex: "name" }]}
        rowKey="id"
        emptyText="No hay registros"
        rows={rows}
        total={12}
        page={1}
        pageSize={5}
        loading={false}
        error={null}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText("Sucursal Norte")).toBeTruthy();
    expect(screen.getByText("12 registros")).toBeTruthy();
    fireEvent.click(screen.getByTitle("2"));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  const body = (props: Partial<Parameters<typeof TableBody<Row>>[0]> = {}) => (
    <TableBody<Row>
      columns={[{ title: "Nombre", dataIndex: "name", width: 200, ellipsis: true, sorter: true }]}
      rowKey="id"
      emptyText="No hay registros"
      rows={[]}
      total={0}
      page={1}
      pageSize={5}
      loading={false}
      error={null}
      onPageChange={vi.fn()}
      {...props}
    />
  );

  it("shows the loading sign or the empty state, never both", () => {
    const { rerender } = render(body({ loading: true }));
    expect(screen.queryByText("No hay registros")).toBeNull();
    expect(document.querySelector(".ant-spin-spinning")).not.toBeNull();
    rerender(body({ loading: false }));
    expect(screen.getByText("No hay registros")).toBeTruthy();
    expect(document.querySelector(".ant-spin-spinning")).toBeNull();
  });

  it("keeps the previous rows under the loading sign while a filter loads", () => {
    render(body({ rows, total: 1, loading: true }));
    expect(screen.getByText("Sucursal Norte")).toBeTruthy();
    expect(document.querySelector(".ant-spin-spinning")).not.toBeNull();
    expect(document.querySelector("[aria-busy='true']")).not.toBeNull();
  });

  it("cuts a long name with an ellipsis and keeps it whole in the title", () => {
    const long = "N".repeat(120);
    render(body({ rows: [{ id: 1, name: long, status: "active" }], total: 1 }));
    const cell = screen.getByTitle(long);
    expect(cell.closest("td")?.className).toContain("ant-table-cell-ellipsis");
  });

  it("reports the sort of a column header and shows the current one", () => {
    const onSortChange = vi.fn();
    const { rerender } = render(body({ rows, total: 1, onSortChange }));
    const header = () => screen.getByRole("columnheader", { name: /Nombre/ });
    fireEvent.click(header());
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: "name", sortOrder: "asc" });
    rerender(body({ rows, total: 1, onSortChange, sort: { sortBy: "name", sortOrder: "asc" } }));
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(header());
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: "name", sortOrder: "desc" });
  });

  it("shows a row's details when the row is expanded", () => {
    render(body({ rows, total: 1, details: (row) => <p>{`Detalle de ${row.name}`}</p> }));
    expect(screen.queryByText("Detalle de Sucursal Norte")).toBeNull();
    fireEvent.click(document.querySelector(".ant-table-row-expand-icon") as HTMLElement);
    expect(screen.getByText("Detalle de Sucursal Norte")).toBeTruthy();
  });
});

describe("countLabel and scrollWidth", () => {
  it("counts in Spanish", () => {
    expect(countLabel(1)).toBe("1 registro");
    expect(countLabel(0)).toBe("0 registros");
    expect(countLabel(25)).toBe("25 registros");
  });

  it("sums the column widths (plus the expand column) or falls back to the content's width", () => {
    expect(scrollWidth([{ width: 100 }, { width: 120 }], false)).toBe(220);
    expect(scrollWidth([{ width: 100 }, { width: 120 }], true)).toBe(268);
    expect(scrollWidth([{ width: 100 }, {}], false)).toBe("max-content");
  });
});
