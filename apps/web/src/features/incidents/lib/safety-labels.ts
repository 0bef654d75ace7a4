import { timeAgo } from "@treiber/client/format";
import type { IncidentItem, Role } from "@treiber/contract";
import { ROLE_LABELS } from "../../../shared/lib/role-labels";
import { safetyCloseText } from "../../../shared/lib/safety-outcome";

/** 'Ana Pérez (Colaborador)', or the name alone when the role is unknown; null without a person. */
export function personLabel(item: Pick<IncidentItem, "personName" | "personRole">): string | null {
  if (!item.personName) return null;
  const role = item.personRole ? ROLE_LABELS[item.personRole as Role] : undefined;
  return role ? `${item.personName} (${role})` : item.personName;
}

/** How a safety incident was closed by hand: 'Falsa alarma · cerrada por Ana Gómez'. */
export function manualCloseLabel(item: Pick<IncidentItem, "outcome" | "closedBy">): string {
  return safetyCloseText(item) ?? "Cerrada";
}

/** The SOS banner's line: 'SOS: Ana Pérez (Colaborador) · Ruta Norte · Hace 2 minutos'. */
export function sosBannerLine(item: IncidentItem, now: Date): string {
  const who = personLabel(item) ?? "Persona desconocida";
  const route = item.routeName || "Sin viaje";
  return `SOS: ${who} · ${route} · ${timeAgo(item.openedAt, now)}`;
}
