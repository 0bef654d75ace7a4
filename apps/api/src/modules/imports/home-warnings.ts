/**
 * Homes worth a look (issue 33): a collaborator's point outside the Dominican Republic (the sea,
 * Haiti, Miami) or farther than IMPORT_HOME_MAX_KM from the branch office, and the point the admin
 * likely meant when the sheet's latitude and longitude are swapped or the longitude lost its minus.
 * Warnings, never errors: the row imports all the same (the sheet may be right).
 */
import { IMPORT_HOME_MAX_KM, IMPORT_MESSAGES, type ImportRowWarning } from "@treiber/contract";
import { greatCircleKm } from "@treiber/contract/geo";
import { inDominicanRepublic } from "./dominican-republic-outline.js";

export type Point = { latitude: number; longitude: number };
/** The branch office a home is checked against (without a point of its own, only the country is). */
export type Office = { name: string; latitude: number | null; longitude: number | null };

const officePoint = (office: Office | undefined): Point | undefined =>
  office && office.latitude !== null && office.longitude !== null
    ? { latitude: office.latitude, longitude: office.longitude }
    : undefined;

/** The points a slip of the keyboard turns into this one, with the warning that names each. */
function likelyMeant(home: Point): { point: Point; warning: ImportRowWarning }[] {
  const { latitude, longitude } = home;
  const candidates: { point: Point; warning: ImportRowWarning }[] = [];
  const swapped = (point: Point) => ({
    point,
    warning: {
      code: "swapped" as const,
      message: IMPORT_MESSAGES.homeSwapped(point.latitude, point.longitude),
    },
  });
  if (Math.abs(longitude) <= 90) {
    candidates.push(swapped({ latitude: longitude, longitude: latitude }));
    // Swapped and without the minus: «69.93, 18.48».
    if (latitude > 0) candidates.push(swapped({ latitude: longitude, longitude: -latitude }));
  }
  if (longitude > 0) {
    const point = { latitude, longitude: -longitude };
    candidates.push({
      point,
      warning: { code: "missingMinus", message: IMPORT_MESSAGES.homeMissingMinus(latitude, -longitude) },
    });
  }
  return candidates;
}

/**
 * A home's warnings. `fromSheet`: the point was typed (a geocoded one is never swapped). A point
 * that is neither in the country nor near its office, but would be once swapped (or given its
 * minus), gets that one warning: it explains the rest.
 */
export function homeWarnings(
  home: Point,
  office: Office | undefined,
  fromSheet: boolean,
): ImportRowWarning[] {
  const near = officePoint(office);
  const inCountry = inDominicanRepublic(home.latitude, home.longitude);
  const km = near ? greatCircleKm(home, near) : 0;
  const far = km > IMPORT_HOME_MAX_KM;
  if (inCountry && !far) return [];
  if (fromSheet) {
    const meant = likelyMeant(home).find(
      ({ point }) =>
        inDominicanRepublic(point.latitude, point.longitude) ||
        (near !== undefined && greatCircleKm(point, near) <= IMPORT_HOME_MAX_KM),
    );
    if (meant) return [meant.warning];
  }
  const warnings: ImportRowWarning[] = [];
  if (!inCountry) warnings.push({ code: "outsideCountry", message: IMPORT_MESSAGES.homeOutside });
  if (far && office) {
    warnings.push({ code: "farFromOffice", message: IMPORT_MESSAGES.homeFar(Math.round(km), office.name) });
  }
  return warnings;
}
