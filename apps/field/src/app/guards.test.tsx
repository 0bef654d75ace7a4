import { cleanup, render, screen } from "@testing-library/react";
import type { SignInResponse } from "@treiber/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../shared/session";
import { HomeRedirect, RequireRole, RequireSession } from "./guards";

function signInAs(roles: SignInResponse["roles"], mustChangePassword = false) {
  sessionStore.signIn({
    token: "t",
    refreshToken: "r",
    roles,
    userId: 1,
    mustChangePassword,
    user: { name: "Ana", lastname: "Bueno", jobTitle: null, image: null },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <p>inicio de sesión</p> },
      {
        element: <RequireSession />,
        children: [
          { path: "/", element: <HomeRedirect /> },
          { element: <RequireRole allowed="Driver" />, children: [{ path: "/hoy", element: <p>hoy</p> }] },
          {
            element: <RequireRole allowed="Collaborator" />,
            children: [{ path: "/qr", element: <p>qr</p> }],
          },
          {
            element: <RequireRole allowed={["Driver", "Collaborator"]} />,
            children: [{ path: "/avisos", element: <p>avisos</p> }],
          },
          { path: "/oficina", element: <p>oficina</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  sessionStore.resetSession();
});

describe("Treiber App guards", () => {
  it("sends a visitor without a session to the sign-in page", async () => {
    renderAt("/qr");
    expect(await screen.findByText("inicio de sesión")).toBeTruthy();
  });

  it("opens each role's home from /", async () => {
    signInAs(["Driver"]);
    renderAt("/");
    expect(await screen.findByText("hoy")).toBeTruthy();
  });

  it("keeps a collaborator out of the driver's screens", async () => {
    signInAs(["Collaborator"]);
    renderAt("/hoy");
    expect(await screen.findByText("qr")).toBeTruthy();
  });

  it("opens «Avisos» to drivers and collaborators alike, not to an administrator", async () => {
    for (const role of ["Driver", "Collaborator"] as const) {
      signInAs([role]);
      renderAt("/avisos");
      expect(await screen.findByText("avisos")).toBeTruthy();
      cleanup();
    }
    signInAs(["Admin"]);
    renderAt("/avisos");
    expect(await screen.findByText("oficina")).toBeTruthy();
  });

  it("sends an administrator to the back office notice", async () => {
    signInAs(["Admin"]);
    renderAt("/qr");
    expect(await screen.findByText("oficina")).toBeTruthy();
  });

  it("asks for a new password first", async () => {
    signInAs(["Collaborator"], true);
    renderAt("/qr");
    expect(
      await screen.findByText(
        "Por seguridad, debe cambiar su contraseña temporal antes de continuar.",
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText("qr")).toBeNull();
  });
});
