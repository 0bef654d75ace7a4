/**
 * Generated route names «<Turno> <n> · <zona>» (issue 33): the shift's name cut to
 * ROUTE_NAME_SHIFT_CHARS so the number always shows within the list's column, the zone (the
 * neighbourhood most of its stops are in, else its first stop) cut to ROUTE_NAME_ZONE_CHARS.
 */
export const ROUTE_NAME_SHIFT_CHARS = 14;
export const ROUTE_NAME_ZONE_CHARS = 22;
export const ROUTE_NAME_SEPARATOR = " · ";

/** `text` cut to `max` characters at a word boundary (a first word longer than `max` is cut). */
export function clipWords(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  const words = space > 0 ? cut.slice(0, space) : clean.slice(0, max);
  return words.replace(/[\s,;:.·–—-]+$/u, "").trim();
}

/** The shift's part of a generated route name. */
export const routeNameShift = (shiftName: string) => clipWords(shiftName, ROUTE_NAME_SHIFT_CHARS) || "Ruta";

/** «Mañana 3 · Naco», or «Mañana 3» without a zone. */
export function plannedRouteName(shiftName: string, number: number, zone: string | null): string {
  const base = `${routeNameShift(shiftName)} ${number}`;
  const place = zone ? clipWords(zone, ROUTE_NAME_ZONE_CHARS) : "";
  return place ? `${base}${ROUTE_NAME_SEPARATOR}${place}` : base;
}

/** The number of a generated name of this shift («Mañana 3 · Naco» → 3), else null. */
export function plannedRouteNumber(name: string, shiftName: string): number | null {
  const base = `${routeNameShift(shiftName)} `.toLocaleLowerCase("es");
  const lower = name.toLocaleLowerCase("es");
  if (!lower.startsWith(base)) return null;
  const match = /^(\d+)(?: · |$)/u.exec(lower.slice(base.length));
  return match ? Number(match[1]) : null;
}
