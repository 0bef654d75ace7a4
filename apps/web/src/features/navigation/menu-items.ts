import { hasAnyRole } from "@treiber/client";
import { type Role, SUPPLIER_PORTAL_ROLES } from "@treiber/contract";

export type MenuIconName =
  | "dashboard"
  | "users"
  | "notifications"
  | "collaborators"
  | "routes"
  | "transport"
  | "reports"
  | "integrations"
  | "profile";

export interface MenuLink {
  type: "link";
  key: string;
  label: string;
  path: string;
  roles: readonly Role[];
  icon?: MenuIconName;
}

export interface MenuGroup {
  type: "group";
  key: string;
  label: string;
  roles: readonly Role[];
  icon: MenuIconName;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const ADMINS: readonly Role[] = ["SuperAdmin", "Admin"];
/** Issue 37: the pages a supplier's user shares with the administrators (decision 0079). */
const PORTAL: readonly Role[] = SUPPLIER_PORTAL_ROLES;
const SUPPLIER: readonly Role[] = ["Supplier"];
/** Issue 39: the company's systems (API keys, webhooks, the audit trail) are a SuperAdmin's. */
const SUPER_ADMIN: readonly Role[] = ["SuperAdmin"];

const link = (label: string, path: string, roles: readonly Role[], icon?: MenuIconName): MenuLink => ({
  type: "link",
  key: path,
  label,
  path,
  roles,
  ...(icon ? { icon } : {}),
});

/**
 * The sidebar menu of spec §2 (labels, paths and roles verbatim), plus Planificación and Turnos in
 * Rutas (issue 23), Reporte Incidencias (issue 25), Reservas and Reporte Reservas (issue 35),
 * Reporte Ahorro (issue 36), the supplier portal's entries (issue 37): Documentos and Cumplimiento
 * in Transporte, and a supplier's user's own pages (their trips, cuts, incidents), and Llegadas
 * seguras (issue 38) in Reportes.
 */
export const MENU: readonly MenuEntry[] = [
  link("Dashboard", "/", ADMINS, "dashboard"),
  link("Usuarios", "/users", ADMINS, "users"),
  link("Notificaciones", "/notifications", PORTAL, "notifications"),
  link("Colaboradores", "/collaborator", ADMINS, "collaborators"),
  {
    type: "group",
    key: "rutas",
    label: "Rutas",
    roles: ADMINS,
    icon: "routes",
    children: [
      link("Rutas Destino", "/routeDestination", ADMINS),
      link("Rutas Programadas", "/route", ADMINS),
      link("Rutas No Programdas", "/routeNotScheduled", ADMINS),
      // Issue 23: the planner's page, beside the spec's route pages.
      link("Planificación", "/planning", ADMINS),
      link("Turnos", "/shift", ADMINS),
      // Issue 35: each day's bookings of a shift's routes.
      link("Reservas", "/booking", ADMINS),
    ],
  },
  {
    type: "group",
    key: "transporte",
    label: "Transporte",
    roles: PORTAL,
    icon: "transport",
    children: [
      link("Choferes", "/driver", PORTAL),
      link("Suplidores", "/supplier", ADMINS),
      // Issue 37: a supplier's user's trips (administrators reach them from Rutas en curso).
      link("Historial de rutas", "/historyRoutes", SUPPLIER),
      link("Documentos", "/documents", PORTAL),
      link("Cumplimiento", "/compliance", PORTAL),
    ],
  },
  {
    type: "group",
    key: "reportes",
    label: "Reportes",
    roles: PORTAL,
    icon: "reports",
    children: [
      link("Reporte Rutas", "/reportRoute", ADMINS),
      link("Reporte Choferes", "/reportDriver", ADMINS),
      link("Reporte Colaboradores", "/reportcollaborator", ADMINS),
      link("Reporte Corte", "/reportCut", PORTAL),
      // Issue 25: incidents and on-time performance, beside the spec's reports.
      link("Reporte Incidencias", "/reportIncident", PORTAL),
      // Issue 35: demand against seats, late cancellations and no-shows.
      link("Reporte Reservas", "/reportBooking", ADMINS),
      // Issue 36: what the plans of the day saved (vehicles, km, cost, kg CO₂).
      link("Reporte Ahorro", "/reportSavings", ADMINS),
      // Issue 38: night drops and whether each rider confirmed «¿Llegó bien?».
      link("Llegadas seguras", "/reportSafeArrival", ADMINS),
    ],
  },
  {
    type: "group",
    key: "integraciones",
    label: "Integraciones",
    roles: SUPER_ADMIN,
    icon: "integrations",
    children: [
      // Issue 39: keys of the company's systems (decision 0083).
      link("Claves de API", "/apiKeys", SUPER_ADMIN),
      // Issue 39: signed webhooks to the company's systems (decision 0085).
      link("Webhooks", "/webhooks", SUPER_ADMIN),
      // Issue 39: the append-only trail of every change (decision 0084).
      link("Auditoría", "/audit", SUPER_ADMIN),
    ],
  },
  link("Perfil", "/profile", ["Driver", "Collaborator", "Supplier"], "profile"),
];

/** The entries a user may see: a group needs one of its roles, then each child is checked on its own. */
export function visibleMenu(roles: readonly Role[], menu: readonly MenuEntry[] = MENU): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of menu) {
    if (!hasAnyRole(roles, entry.roles)) continue;
    if (entry.type === "link") {
      result.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => hasAnyRole(roles, child.roles));
    if (children.length > 0) result.push({ ...entry, children });
  }
  return result;
}

/** Menu key of the entry matching a location (paths compare case-insensitively). */
export function selectedMenuKey(pathname: string, menu: readonly MenuEntry[] = MENU): string | null {
  const target = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  for (const entry of menu) {
    const links = entry.type === "link" ? [entry] : entry.children;
    const match = links.find((item) => item.path.toLowerCase() === target);
    if (match) return match.key;
  }
  return null;
}

/** Key of the group containing a menu key, to open it initially. */
export function groupOfKey(key: string | null, menu: readonly MenuEntry[] = MENU): string | null {
  if (!key) return null;
  const group = menu.find(
    (entry) => entry.type === "group" && entry.children.some((child) => child.key === key),
  );
  return group?.key ?? null;
}
