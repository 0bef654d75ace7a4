/** The report written in pieces is the text the contract's schema gives (decision 0050). */
import { type ImportReport, importRefusedSchema, importReportSchema } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { importReportJson, importReportStream } from "../../src/modules/imports/import-report-json.js";

function reportOf(rows: number): ImportReport {
  return {
    dryRun: true,
    total: rows,
    valid: rows - 2,
    invalid: 2,
    created: rows - 3,
    updated: 1,
    unchanged: 0,
    warned: 1,
    invitations: { count: rows - 3, sendAt: rows % 2 ? "2030-01-15T10:00:00.000Z" : null },
    errors: [
      { row: 2, column: "Teléfono", message: "Teléfono incorrecto" },
      { row: 9, column: "Correo", message: 'El "correo" ya existe\n' },
    ],
    warnings: ["Columna «Extra» ignorada"],
    rows: Array.from({ length: rows }, (_, i) => ({
      row: i + 2,
      action:
        i === 0 || i === 7
          ? ("error" as const)
          : i === 1
            ? ("update" as const)
            : i === 2
              ? ("unchanged" as const)
              : ("create" as const),
      key: `E-${i}`,
      name: i % 3 ? `Ana Pérez ${i}` : "",
      location:
        i % 4 === 0
          ? null
          : i % 4 === 1
            ? {
                source: "sheet" as const,
                latitude: 18.45 + i / 1e5,
                longitude: -69.9,
                confidence: null,
                label: null,
              }
            : {
                source: "geocoded" as const,
                latitude: 18.5,
                longitude: -69.8,
                confidence: 0.7,
                label: "Calle «1», Santo Domingo",
              },
      // Issue 33: an update's changed columns and a row's warnings, only when there are any.
      ...(i === 1 && { changes: ["Teléfono", "Latitud"] }),
      ...(i % 5 === 3 && {
        warnings: [
          { code: "outsideCountry" as const, message: "La casa queda fuera" },
          { code: "farFromOffice" as const, message: 'a "120" km' },
        ],
      }),
    })),
  };
}

describe("importReportJson", () => {
  it("writes what importReportSchema serializes, also across chunks and with no rows or errors", () => {
    const old = { ...reportOf(3), unchanged: undefined, warned: undefined, invitations: undefined };
    for (const report of [reportOf(1_234), reportOf(3), { ...reportOf(0), errors: [], warnings: [] }, old]) {
      const text = [...importReportJson(report)].join("");
      expect(text).toBe(JSON.stringify(importReportSchema.parse(report)));
    }
  });

  it("a refusal closes with its statusCode and message, as importRefusedSchema gives them", async () => {
    const report = reportOf(700);
    const tail = { statusCode: 422, message: "2 filas con errores" };
    const chunks: string[] = [];
    for await (const chunk of importReportStream(report, tail)) chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join("")).toBe(JSON.stringify(importRefusedSchema.parse({ ...report, ...tail })));
  });
});
