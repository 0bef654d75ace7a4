import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type AssignedItem, AssignedList } from "./assigned-list";

vi.setConfig({ testTimeout: 30_000 });

const items: AssignedItem[] = [
  { id: 1, title: "Ana Cruz", description: "001-1234567-8 · Transportes Caribe", status: "active" },
  { id: 2, title: "Zoe Marte", status: "inactive" },
];

function renderList(overrides: Partial<Parameters<typeof AssignedList>[0]> = {}) {
  const onRemove = vi.fn();
  render(
    <AssignedList
      label="Lista de choferes asignados"
      items={items}
      loading={false}
      error={null}
      emptyText="No hay choferes asignados"
      removeQuestion={(item) => `¿Quitar a "${item.title}"?`}
      removingId={null}
      onRemove={onRemove}
      {...overrides}
    />,
  );
  return onRemove;
}

describe("AssignedList", () => {
  it("lists the assigned records and flags the inactive ones", () => {
    renderList();
    const list = screen.getByRole("list", { name: "Lista de choferes asignados" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("listitem", { name: "Ana Cruz" }).textContent).toContain(
      "Transportes Caribe",
    );
    expect(within(list).getByRole("listitem", { name: "Zoe Marte" }).textContent).toContain("Inactivo");
  });

  it("removes only after the confirmation", async () => {
    const onRemove = renderList();
    fireEvent.click(screen.getByRole("button", { name: "Quitar Ana Cruz" }));
    expect(onRemove).not.toHaveBeenCalled();
    await screen.findByText('¿Quitar a "Ana Cruz"?');
    fireEvent.click(screen.getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith(items[0]));
  });

  it("shows the empty text when nothing is assigned", () => {
    renderList({ items: [] });
    expect(screen.getByText("No hay choferes asignados")).toBeTruthy();
  });
});
