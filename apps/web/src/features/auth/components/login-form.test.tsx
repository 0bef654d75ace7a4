import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LoginForm } from "./login-form";

const renderForm = () => {
  const router = createMemoryRouter([{ path: "/login", element: <LoginForm /> }], {
    initialEntries: ["/login"],
  });
  render(<RouterProvider router={router} />);
};

describe("LoginForm", () => {
  it("shows and hides the password with its toggle", () => {
    renderForm();
    const password = screen.getByLabelText("Contraseña") as HTMLInputElement;
    expect(password.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Mostrar contraseña" }));
    expect(password.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Ocultar contraseña" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(hide);
    expect(password.type).toBe("password");
  });

  it("asks for both fields before sending", () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(screen.getAllByRole("alert")).toHaveLength(2);
  });
});

describe("LoginForm labels", () => {
  it("keeps 'Contraseña' the label of the password field alone", () => {
    renderForm();
    expect(screen.getAllByLabelText(/contraseña/i)).toHaveLength(1);
  });
});
