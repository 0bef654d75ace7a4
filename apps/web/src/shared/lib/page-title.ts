import { BRAND } from "../constants";

/**
 * The name of each page of the route table (spec §2, plus Turnos, issue 35's Reservas, issue 36's
 * Reporte Ahorro and issue 37's Documentos and Cumplimiento), as the browser tab shows it.
 */
const PAGE_NAMES: Record<string, string> = {
  "/": "Dashboard",
  "/apikeys": "Claves de API",
  "/audit": "Auditoría",
  "/booking": "Reservas",
  "/branchoffice": "Sucursales",
  "/changepassword": "Cambiar contraseña",
  "/codeqr": "Código QR",
  "/collaborator": "Colaboradores",
  "/compliance": "Cumplimiento",
  "/documents": "Documentos",
  "/driver": "Choferes",
  "/forgetpassword": "Recuperar contraseña",
  "/historyroutes": "Historial de rutas",
  "/listroutes": "Rutas en curso",
  "/login": "Iniciar sesión",
  "/notifications": "Notificaciones",
  "/privacy-policy": "Política de privacidad",
  "/profile": "Perfil",
  "/reportbooking": "Reporte Reservas",
  "/reportcollaborator": "Reporte Colaboradores",
  "/reportcut": "Reporte Corte",
  "/reportdestinationdeleted": "Reporte por destino",
  "/reportdriver": "Reporte Choferes",
  "/reportroute": "Reporte Rutas",
  "/reportsafearrival": "Llegadas seguras",
  "/reportsavings": "Reporte Ahorro",
  "/route": "Rutas Programadas",
  "/routedestination": "Rutas Destino",
  "/routenotscheduled": "Rutas No Programadas",
  "/shift": "Turnos",
  "/supplier": "Suplidores",
  "/terms-and-conditions": "Términos y condiciones",
  "/users": "Usuarios",
  "/webhooks": "Webhooks",
};

/** Pages named by their first segment: issue 38's shared trip, `/seguir/<token>`. */
const PAGE_PREFIXES: Record<string, string> = {
  "/seguir/": "Viaje compartido",
};

/** "Página · Treiber" for a location (paths compare case-insensitively); the brand alone elsewhere. */
export function pageTitle(pathname: string): string {
  const key = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const prefix = Object.keys(PAGE_PREFIXES).find((start) => key.startsWith(start));
  const name = PAGE_NAMES[key] ?? (prefix ? PAGE_PREFIXES[prefix] : undefined);
  return name ? `${name} · ${BRAND}` : BRAND;
}
