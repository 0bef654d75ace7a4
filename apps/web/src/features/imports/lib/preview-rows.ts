import type { ImportLocation, ImportReport, ImportRowWarning } from "@treiber/contract";

export type PreviewAction = "create" | "update" | "unchanged" | "error";
/** The preview's filter: every row, the rows of one state, or those with warnings (issue 33). */
export type PreviewFilter = "all" | PreviewAction | "warned";

export const PREVIEW_ACTION_LABELS: Record<PreviewAction, string> = {
  create: "Nuevo",
  update: "Actualiza",
  unchanged: "Sin cambios",
  error: "Error",
};

/**
 * One sheet row as the preview shows it: its state, the column and reason of each error, the
 * columns an update changes and the warnings of a row that imports all the same.
 */
export interface PreviewRow {
  row: number;
  action: PreviewAction;
  key: string;
  name: string;
  location: ImportLocation | null;
  errors: { column: string; message: string }[];
  changes: string[];
  warnings: ImportRowWarning[];
}

const ACTION_ORDER: Record<PreviewAction, number> = { error: 0, create: 1, update: 2, unchanged: 3 };

/**
 * The report's rows joined with their errors: errors first, then the rows with warnings, then the
 * rest, by state and in sheet order. An error of a row the report does not list (never expected)
 * still shows, as a row of its own.
 */
export function previewRows(report: Pick<ImportReport, "rows" | "errors">): PreviewRow[] {
  const errorsByRow = new Map<number, PreviewRow["errors"]>();
  for (const { row, column, message } of report.errors) {
    const list = errorsByRow.get(row) ?? [];
    list.push({ column, message });
    errorsByRow.set(row, list);
  }
  const rows: PreviewRow[] = report.rows.map((item) => {
    const errors = errorsByRow.get(item.row) ?? [];
    errorsByRow.delete(item.row);
    const action = errors.length > 0 ? "error" : item.action;
    return {
      row: item.row,
      action,
      key: item.key,
      name: item.name,
      location: item.location,
      errors,
      changes: item.changes ?? [],
      warnings: action === "error" ? [] : (item.warnings ?? []),
    };
  });
  for (const [row, errors] of errorsByRow) {
    rows.push({ row, action: "error", key: "", name: "", location: null, errors, changes: [], warnings: [] });
  }
  const rank = (row: PreviewRow) => (row.action === "error" ? 0 : row.warnings.length > 0 ? 1 : 2);
  return rows.sort(
    (a, b) => rank(a) - rank(b) || ACTION_ORDER[a.action] - ACTION_ORDER[b.action] || a.row - b.row,
  );
}

/** The rows of one state, those with warnings, or all of them. */
export function filterPreviewRows(rows: readonly PreviewRow[], filter: PreviewFilter): PreviewRow[] {
  if (filter === "all") return [...rows];
  if (filter === "warned") return rows.filter((row) => row.warnings.length > 0);
  return rows.filter((row) => row.action === filter);
}

/** How many rows each state has, and how many have warnings (the filter's counts). */
export function countByAction(rows: readonly PreviewRow[]): Record<PreviewFilter, number> {
  const counts: Record<PreviewFilter, number> = {
    all: rows.length,
    create: 0,
    update: 0,
    unchanged: 0,
    error: 0,
    warned: 0,
  };
  for (const row of rows) {
    counts[row.action] += 1;
    if (row.warnings.length > 0) counts.warned += 1;
  }
  return counts;
}

/** The rows whose home the geocoder found (the admin accepts or refuses each point). */
export function geocodedRows(rows: readonly PreviewRow[]): number[] {
  return rows
    .filter((row) => row.action !== "error" && row.location?.source === "geocoded")
    .map((row) => row.row)
    .sort((a, b) => a - b);
}

/**
 * The geocoder's confidence from which a point is accepted until the admin says otherwise: a street
 * or a building (Nominatim's place rank 21 and up); a neighbourhood or a whole city is worth little
 * to plan a pick-up from, so those start refused.
 */
export const GEOCODE_ACCEPT_CONFIDENCE = 0.5;

/** The geocoded rows refused before the admin looks: those found with little confidence. */
export function lowConfidenceRows(rows: readonly PreviewRow[]): Set<number> {
  return new Set(
    rows
      .filter(
        (row) =>
          row.action !== "error" &&
          row.location?.source === "geocoded" &&
          (row.location.confidence ?? 0) < GEOCODE_ACCEPT_CONFIDENCE,
      )
      .map((row) => row.row),
  );
}

/**
 * The `skipGeocodeRows` of the commit: the geocoded rows whose point the admin did not accept, in
 * sheet order (rows not geocoded are never sent, whatever `refused` holds).
 */
export function skipGeocodeRows(rows: readonly PreviewRow[], refused: ReadonlySet<number>): number[] {
  return geocodedRows(rows).filter((row) => refused.has(row));
}

/** Rows that will import without a home ("Sin ubicación"): none given, or a geocoded point refused. */
export function rowsWithoutLocation(rows: readonly PreviewRow[], refused: ReadonlySet<number>): number {
  return rows.filter(
    (row) =>
      row.action !== "error" &&
      (row.location?.source === "none" || (row.location?.source === "geocoded" && refused.has(row.row))),
  ).length;
}

/** "87 %" from the geocoder's 0–1 confidence. */
export function confidenceLabel(confidence: number | null): string {
  if (confidence === null) return "";
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)} %`;
}
