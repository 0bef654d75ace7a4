import { render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteError } from "./route-error";

function Boom(): never {
  throw new Error("No se pudo cargar la página");
}

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Outlet />,
        errorElement: <RouteError />,
        children: [{ path: "boom", element: <Boom /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
};

describe("RouteError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads 'Error no found' plus the error for an unknown route", () => {
    renderAt("/no-existe");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Error no found");
    expect(screen.getByTestId("route-error-detail").textContent).toBe("404 - This page could not be found");
  });

  it("reads 'Error no found' plus the error when a page fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderAt("/boom");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Error no found");
    expect(screen.getByTestId("route-error-detail").textContent).toBe("No se pudo cargar la página");
  });
});
