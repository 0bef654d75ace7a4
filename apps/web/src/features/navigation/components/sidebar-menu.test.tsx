import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SidebarMenu } from "./sidebar-menu";

// antd's menu renders slowly in jsdom while the machine is busy (its links are what is checked).
vi.setConfig({ testTimeout: 60_000 });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderMenu(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SidebarMenu roles={["Admin"]} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe("SidebarMenu", () => {
  it("renders its items as real links (open in a new tab, copy the address)", () => {
    renderMenu("/");
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Usuarios" }).getAttribute("href")).toBe("/users");
    expect(screen.getByRole("link", { name: "Notificaciones" }).getAttribute("href")).toBe("/notifications");
    expect(screen.getByRole("link", { name: "Colaboradores" }).getAttribute("href")).toBe("/collaborator");
  });

  it("opens a group on click, its children are links, and a click on one navigates", async () => {
    renderMenu("/");
    expect(screen.queryByRole("link", { name: "Reporte Corte" })).toBeNull();
    fireEvent.click(screen.getByText("Reportes"));
    const cut = await screen.findByRole("link", { name: "Reporte Corte" });
    expect(cut.getAttribute("href")).toBe("/reportCut");
    fireEvent.click(cut);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/reportCut"));
    expect(cut.closest("li")?.className).toContain("ant-menu-item-selected");
  });

  it("marks the current page and opens its group", () => {
    renderMenu("/routeNotScheduled");
    const item = screen.getByRole("link", { name: "Rutas No Programdas" });
    expect(item.getAttribute("href")).toBe("/routeNotScheduled");
    expect(item.closest("li")?.className).toContain("ant-menu-item-selected");
  });
});
