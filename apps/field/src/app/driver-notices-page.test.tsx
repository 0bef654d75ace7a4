import "fake-indexeddb/auto";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { NotificationListItem } from "@treiber/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RiderPushApi } from "../features/collaborator/rider-alerts-opt-in";
import type { NoticesApi } from "../features/notices/notices-api";
import type { NoticesHub } from "../features/notices/notices-hub";
import { sessionStore } from "../shared/session";
import { signInTestUser } from "../shared/test-session";
import { DriverLayout } from "./layouts";
import { DriverNoticesPage } from "./notices-route";

afterEach(() => {
  cleanup();
  sessionStore.resetSession();
});

const CHANGED = "Tu ruta Mañana 3 · Los Alcarrizos cambió: 7 paradas (antes 6), primera a las 5:42 a. m.";

const notice = (id: number, title: string, message: string): NotificationListItem => ({
  id,
  title,
  message,
  tag: "ASSIGNED",
  createdDate: new Date(Date.now() - 60_000).toISOString(),
  messageJson: "{}",
  readDate: null,
});

function server(notices: NotificationListItem[]) {
  return {
    list: vi.fn(async () => notices.map((n) => ({ ...n }))),
    markRead: vi.fn(async () => undefined),
  } satisfies NoticesApi;
}
const quietHub: NoticesHub = { listen: () => () => undefined };

/** A phone where Web Push works and the driver turns it on. */
function phonePush() {
  let on = false;
  return {
    availability: () => "available" as const,
    enabled: vi.fn(async () => on),
    enable: vi.fn(async () => {
      on = true;
      return "enabled" as const;
    }),
    disable: vi.fn(async () => {
      on = false;
    }),
  } satisfies RiderPushApi;
}

/** The driver's screens: «Hoy» and «Avisos» in their own tabs (decision 0067). */
function renderDriver(api: NoticesApi, push: RiderPushApi, at = "/hoy") {
  const router = createMemoryRouter(
    [
      {
        element: <DriverLayout notices={{ api, hub: quietHub }} />,
        children: [
          { path: "/hoy", element: <p>rutas de hoy</p> },
          { path: "/avisos", element: <DriverNoticesPage push={push} /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
}

describe("«Avisos» for a driver", () => {
  it("has its tab beside «Hoy» with the unread count, lists the plan's changes and offers Web Push", async () => {
    signInTestUser(201);
    const api = server([
      notice(2, "Tu ruta cambió", CHANGED),
      notice(1, "Ya no manejas una ruta", "Ya no manejas la ruta Mañana 1 · Naco del turno Mañana"),
    ]);
    const push = phonePush();
    renderDriver(api, push);
    const tabs = screen.getByRole("navigation", { name: "Secciones" });
    expect(within(tabs).getByRole("link", { name: "Hoy" })).toBeTruthy();
    await waitFor(() => expect(within(tabs).getByRole("link", { name: "Avisos, 2 sin leer" })).toBeTruthy());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hoy");

    fireEvent.click(within(tabs).getByRole("link", { name: /Avisos/ }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Avisos");
    expect(screen.getAllByTestId("notice")).toHaveLength(2);
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith([2, 1]));

    const card = screen.getByTestId("rider-alerts");
    expect(within(card).getByText("Avisos en este teléfono")).toBeTruthy();
    expect(
      within(card).getByText(
        "Le avisamos cuando un plan le asigna una ruta, cambia sus paradas u horas o se la quita.",
      ),
    ).toBeTruthy();
    fireEvent.click(await within(card).findByRole("button", { name: "Activar avisos" }));
    expect(await within(card).findByText("Avisos activados en este teléfono.")).toBeTruthy();
    expect(push.enable).toHaveBeenCalledOnce();
  });

  it("without notices says what will show for a driver", async () => {
    signInTestUser(202);
    renderDriver(server([]), phonePush(), "/avisos");
    expect(await screen.findByText("No tiene avisos")).toBeTruthy();
    expect(
      screen.getByText(
        "Aquí verá los cambios de sus rutas: una ruta nueva, otras paradas u horas, o una ruta que ya no maneja.",
      ),
    ).toBeTruthy();
  });
});
