import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Table } from "antd";
import { describe, expect, it, vi } from "vitest";
import { type StatusMutation, statusActionsColumns } from "./status-actions-columns";
import { TableBody } from "./table-body";

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
  it("puts the switch among the actions and saves the confirmed status", async () => {
    const { setStatus, mutate } = mutation();
    const { status, actions } = statusActionsColumns<Row>({
      setStatus,
      name: (row) => row.name,
      actions: (row, statusSwitch) => (
        <>
          <button type="button">{`Editar ${row.name}`}</button>
          {statusSwitch}
        </>
      ),
    });
    render(<Table<Row> rowKey="id" columns={[status, actions]} dataSource={rows} pagination={false} />);
    expect(screen.getByText("Estado")).toBeTruthy();
    expect(screen.getByText("Acciones")).toBeTruthy();
    expect(screen.getAllByText("Activo").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Editar Sucursal Norte" })).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "Cambiar estado de Sucursal Norte" }));
    await waitFor(() =>
      expect(screen.getByText('¿Seguro que desea inactivar "Sucursal Norte"?')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Sí" }));
    expect(mutate).toHaveBeenCalledWith({ id: 7, status: "inactive" }, expect.anything());
  });

  it("without actions, puts the switch next to the tag", () => {
    const { status } = statusActionsColumns<Row>({
      setStatus: mutation().setStatus,
      name: (row) => row.name,
    });
    render(<Table<Row> rowKey="id" columns={[status]} dataSource={rows} pagination={false} />);
    expect(screen.getByRole("switch", { name: "Cambiar estado de Sucursal Norte" })).toBeTruthy();
    expect(screen.queryByText("Acciones")).toBeNull();
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
    fireEvent.click(screen.getByTitle("2"));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
