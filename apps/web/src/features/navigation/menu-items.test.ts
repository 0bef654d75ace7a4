import { describe, expect, it } from "vitest";
import { groupOfKey, MENU, type MenuEntry, selectedMenuKey, visibleMenu } from "./menu-items";

function flatten(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.type === "link"
      ? [`${entry.label} ${entry.path}`]
      : [entry.label, ...entry.children.map((child) => `${entry.label}: ${child.label} ${child.path}`)],
  );
}

const ADMIN_MENU = [
  "Dashboard /",
  "Usuarios /users",
  "Notificaciones /notifications",
  "Colaboradores /collaborator",
  "Rutas",
  "Rutas: Rutas Destino /routeDestination",
  "Rutas: Rutas Programadas /route",
  "Rutas: Rutas No Programdas /routeNotScheduled",
  "Rutas: Planificación /planning",
  "Rutas: Turnos /shift",
  "Rutas: Reservas /booking",
  "Transporte",
  "Transporte: Choferes /driver",
  "Transporte: Suplidores /supplier",
  "Transporte: Documentos /documents",
  "Transporte: Cumplimiento /compliance",
  "Reportes",
  "Reportes: Reporte Rutas /reportRoute",
  "Reportes: Reporte Choferes /reportDriver",
  "Reportes: Reporte Colaboradores /reportcollaborator",
  "Reportes: Reporte Corte /reportCut",
  "Reportes: Reporte Incidencias /reportIncident",
  "Reportes: Reporte Reservas /reportBooking",
  "Reportes: Reporte Ahorro /reportSavings",
  "Reportes: Llegadas seguras /reportSafeArrival",
];

/** Issue 39: the company's systems, a SuperAdmin's only. */
const INTEGRATIONS_MENU = [
  "Integraciones",
  "Integraciones: Claves de API /apiKeys",
  "Integraciones: Webhooks /webhooks",
  "Integraciones: Auditoría /audit",
];

describe("visibleMenu", () => {
  it("SuperAdmin and Admin see every management entry but not Perfil; Integraciones only the SuperAdmin", () => {
    expect(flatten(visibleMenu(["SuperAdmin"]))).toEqual([...ADMIN_MENU, ...INTEGRATIONS_MENU]);
    expect(flatten(visibleMenu(["Admin"]))).toEqual(ADMIN_MENU);
  });

  it("Driver and Collaborator see only Perfil", () => {
    expect(flatten(visibleMenu(["Driver"]))).toEqual(["Perfil /profile"]);
    expect(flatten(visibleMenu(["Collaborator"]))).toEqual(["Perfil /profile"]);
  });

  it("a supplier's user sees only their portal's pages (issue 37, decision 0079)", () => {
    expect(flatten(visibleMenu(["Supplier"]))).toEqual([
      "Notificaciones /notifications",
      "Transporte",
      "Transporte: Choferes /driver",
      "Transporte: Historial de rutas /historyRoutes",
      "Transporte: Documentos /documents",
      "Transporte: Cumplimiento /compliance",
      "Reportes",
      "Reportes: Reporte Corte /reportCut",
      "Reportes: Reporte Incidencias /reportIncident",
      "Perfil /profile",
    ]);
    expect(groupOfKey("/compliance")).toBe("transporte");
  });

  it("no roles see nothing", () => {
    expect(visibleMenu([])).toEqual([]);
  });

  it("checks each child of a group separately", () => {
    const menu: MenuEntry[] = [
      {
        type: "group",
        key: "g",
        label: "Grupo",
        icon: "routes",
        roles: ["Admin", "Driver"],
        children: [
          { type: "link", key: "/a", label: "A", path: "/a", roles: ["Admin"] },
          { type: "link", key: "/b", label: "B", path: "/b", roles: ["Driver"] },
        ],
      },
    ];
    expect(flatten(visibleMenu(["Driver"], menu))).toEqual(["Grupo", "Grupo: B /b"]);
    expect(visibleMenu(["Collaborator"], menu)).toEqual([]);
  });

  it("the spec menu has 14 links, plus Planificación and Turnos (issue 23), Reporte Incidencias (issue 25), Reservas and Reporte Reservas (issue 35), Reporte Ahorro (issue 36), the supplier portal's three (issue 37), Llegadas seguras (issue 38), Integraciones' (issue 39)", () => {
    const links = MENU.flatMap((entry) => (entry.type === "link" ? [entry] : entry.children));
    // Integraciones: its links (the group's own label is no link).
    expect(links).toHaveLength(24 + INTEGRATIONS_MENU.length - 1);
    expect(links.find((link) => link.path === "/reportIncident")?.label).toBe("Reporte Incidencias");
    expect(links.find((link) => link.path === "/booking")?.label).toBe("Reservas");
    expect(links.find((link) => link.path === "/reportBooking")?.label).toBe("Reporte Reservas");
    expect(groupOfKey("/booking")).toBe("rutas");
    expect(groupOfKey("/reportBooking")).toBe("reportes");
    expect(links.find((link) => link.path === "/reportSavings")?.label).toBe("Reporte Ahorro");
    expect(groupOfKey("/reportSavings")).toBe("reportes");
    expect(links.find((link) => link.path === "/reportSafeArrival")?.label).toBe("Llegadas seguras");
    expect(groupOfKey("/reportSafeArrival")).toBe("reportes");
  });
});

describe("selectedMenuKey", () => {
  it("matches case-insensitively", () => {
    expect(selectedMenuKey("/Notifications")).toBe("/notifications");
    expect(selectedMenuKey("/reportCollaborator")).toBe("/reportcollaborator");
    expect(selectedMenuKey("/")).toBe("/");
    expect(selectedMenuKey("/route/")).toBe("/route");
    expect(selectedMenuKey("/unknown")).toBeNull();
    expect(groupOfKey("/reportCut")).toBe("reportes");
    expect(groupOfKey("/users")).toBeNull();
  });
});
