import {
  DOCUMENT_OWNER_LABELS,
  DOCUMENT_OWNER_TYPES,
  DOCUMENT_REVIEW_LABELS,
  DOCUMENT_REVIEWS,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_STATUSES,
} from "@treiber/contract";

/** The «Documentos» selects' options; "" is every value (no filter). */
export const OWNER_TYPE_OPTIONS = [
  { value: "", label: "Todos los titulares" },
  ...DOCUMENT_OWNER_TYPES.map((value) => ({ value, label: DOCUMENT_OWNER_LABELS[value] })),
];
export const STATUS_OPTIONS = [
  { value: "", label: "Todos los estados" },
  ...DOCUMENT_STATUSES.map((value) => ({ value, label: DOCUMENT_STATUS_LABELS[value] })),
];
export const REVIEW_OPTIONS = [
  { value: "", label: "Toda revisión" },
  ...DOCUMENT_REVIEWS.map((value) => ({ value, label: DOCUMENT_REVIEW_LABELS[value] })),
];
export const COMPLIANCE_STATUS_OPTIONS = [
  { value: "", label: "Vencidos y por vencer" },
  { value: "EXPIRED", label: DOCUMENT_STATUS_LABELS.EXPIRED },
  { value: "EXPIRING", label: DOCUMENT_STATUS_LABELS.EXPIRING },
];

/** A value of the URL among the allowed ones, else undefined (a hand-edited URL is just ignored). */
export function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}

/** A positive id of the URL, else undefined. */
export function readFilterId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
