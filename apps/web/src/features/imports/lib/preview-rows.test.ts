import type { ImportLocation, ImportReport } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  confidenceLabel,
  countByAction,
  filterPreviewRows,
  geocodedRows,
  lowConfidenceRows,
  previewRows,
  rowsWithoutLocation,
  skipGeocodeRows,
} from "./preview-rows";

const located = (source: ImportLocation["source"], confidence: number | null = null): ImportLocation => ({
  source,
  latitude: source === "none" ? null : 18.48,
  longitude: source === "none" ? null : -69.93,
  confidence,
  label: source === "geocoded" ? "Santo Domingo" : null,
});

const report: Pick<ImportReport, "rows" | "errors"> = {
  rows: [
    { row: 2, action: "create", key: "E-2", name: "Ana Díaz", location: located("sheet") },
    { row: 3, action: "error", key: "E-3", name: "Luis Peña", location: null },
    { row: 4, action: "update", key: "E-4", name: "Eva Ruiz", location: located("unchanged") },
    { row: 5, action: "create", key: "E-5", name: "Juan Mota", location: located("geocoded", 0.87) },
    { row: 6, action: "error", key: "E-6", name: "Rosa Gil", location: null },
    { row: 7, action: "create", key: "E-7", name: "Iris Sosa", location: located("none") },
    { row: 8, action: "update", key: "E-8", name: "Noel Paz", location: located("geocoded", 0.4) },
    { row: 9, action: "unchanged", key: "E-9", name: "Rita Mar", location: located("unchanged") },
    {
      row: 10,
      action: "create",
      key: "E-10",
      name: "Sara Sol",
      location: located("sheet"),
      warnings: [{ code: "outsideCountry", message: "Fuera del país" }],
    },
  ],
  errors: [
    { row: 6, column: "Sucursal", message: "Sucursal no encontrada" },
    { row: 3, column: "Teléfono", message: "Teléfono incorrecto" },
    { row: 3, column: "Correo", message: "Correo incorrecto" },
  ],
};

describe("previewRows", () => {
  it("puts the rows with errors first, then those with warnings, then the rest by state in sheet order", () => {
    const rows = previewRows(report);
    expect(rows.map((row) => [row.row, row.action])).toEqual([
      [3, "error"],
      [6, "error"],
      [10, "create"],
      [2, "create"],
      [5, "create"],
      [7, "create"],
      [4, "update"],
      [8, "update"],
      [9, "unchanged"],
    ]);
    expect(rows[2]?.warnings).toEqual([{ code: "outsideCountry", message: "Fuera del país" }]);
    expect(rows[0]?.errors).toEqual([
      { column: "Teléfono", message: "Teléfono incorrecto" },
      { column: "Correo", message: "Correo incorrecto" },
    ]);
    expect(rows[3]?.errors).toEqual([]);
    expect(rows[3]?.warnings).toEqual([]);
  });

  it("shows an error of a row the report does not list, and marks a listed row with errors as an error", () => {
    const rows = previewRows({
      rows: [{ row: 2, action: "create", key: "E-2", name: "Ana Díaz", location: null }],
      errors: [
        { row: 9, column: "Código", message: "Código repetido: ya está en la fila 2" },
        { row: 2, column: "Correo", message: "El correo ya está en uso por otra cuenta" },
      ],
    });
    expect(rows.map((row) => [row.row, row.action, row.key])).toEqual([
      [2, "error", "E-2"],
      [9, "error", ""],
    ]);
  });
});

describe("filterPreviewRows and countByAction", () => {
  const rows = previewRows(report);

  it("keeps every row or those of one state, in the preview's order", () => {
    expect(filterPreviewRows(rows, "all").map((row) => row.row)).toEqual([3, 6, 10, 2, 5, 7, 4, 8, 9]);
    expect(filterPreviewRows(rows, "error").map((row) => row.row)).toEqual([3, 6]);
    expect(filterPreviewRows(rows, "create").map((row) => row.row)).toEqual([10, 2, 5, 7]);
    expect(filterPreviewRows(rows, "update").map((row) => row.row)).toEqual([4, 8]);
    expect(filterPreviewRows(rows, "unchanged").map((row) => row.row)).toEqual([9]);
    expect(filterPreviewRows(rows, "warned").map((row) => row.row)).toEqual([10]);
  });

  it("counts the rows of each state, and those with warnings", () => {
    expect(countByAction(rows)).toEqual({ all: 9, error: 2, create: 4, update: 2, unchanged: 1, warned: 1 });
  });
});

describe("skipGeocodeRows", () => {
  const rows = previewRows(report);

  it("lists the geocoded rows, in sheet order", () => {
    expect(geocodedRows(rows)).toEqual([5, 8]);
  });

  it("sends the geocoded rows whose point was not accepted, and nothing else", () => {
    expect(skipGeocodeRows(rows, new Set())).toEqual([]);
    expect(skipGeocodeRows(rows, new Set([8, 5]))).toEqual([5, 8]);
    // Rows 2 (from the sheet) and 3 (an error) have no geocoded point to refuse.
    expect(skipGeocodeRows(rows, new Set([2, 3, 8]))).toEqual([8]);
  });

  it("starts with the points found with little confidence refused", () => {
    expect([...lowConfidenceRows(rows)]).toEqual([8]);
  });

  it("counts the rows that import without a home: none given, or a geocoded point refused", () => {
    expect(rowsWithoutLocation(rows, new Set())).toBe(1);
    expect(rowsWithoutLocation(rows, new Set([5, 8]))).toBe(3);
  });
});

describe("confidenceLabel", () => {
  it("reads the geocoder's 0–1 confidence as a percentage", () => {
    expect(confidenceLabel(0.87)).toBe("87 %");
    expect(confidenceLabel(1.2)).toBe("100 %");
    expect(confidenceLabel(null)).toBe("");
  });
});
