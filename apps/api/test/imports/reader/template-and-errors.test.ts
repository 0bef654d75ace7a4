import {
  DRIVER_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_COLUMNS,
  IMPORT_ERRORS_HEADER,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from "@treiber/contract";
import ExcelJS from "exceljs";
import Fastify from "fastify";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { writeImportErrors } from "../../../src/lib/import/write-import-errors.js";
import { writeImportTemplate } from "../../../src/lib/import/write-import-template.js";
import { readAll, written } from "./fixtures.js";

async function load(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) =>
  Array.from((sheet.getRow(row).values as unknown[]).slice(1), (value) => value ?? null);

const BRANCHES = [
  "Sucursal Norte",
  '=HYPERLINK("http://x","y")',
  ...Array.from({ length: 300 }, (_, i) => `S${i}`),
];

describe("import template", () => {
  it("has the bold frozen headers, an example row, a drop-down from a hidden sheet and the rules", async () => {
    const file = await written((output) =>
      writeImportTemplate(output, {
        fileName: "PlantillaColaboradores.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        listName: "Sucursal",
        listValues: BRANCHES,
      }),
    );
    const workbook = await load(file);
    const [data, rules, lists] = workbook.worksheets as [
      ExcelJS.Worksheet,
      ExcelJS.Worksheet,
      ExcelJS.Worksheet,
    ];
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ["Datos", "visible"],
      ["Reglas", "visible"],
      ["Listas", "hidden"],
    ]);
    expect(rowValues(data, 1)).toEqual(EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header));
    expect(data.getCell("A1").font?.bold).toBe(true);
    expect(data.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(rowValues(data, 2)).toEqual(
      EMPLOYEE_IMPORT_COLUMNS.map((column) =>
        column.key === "branchOffice" ? "Sucursal Norte" : column.example,
      ),
    );
    // Every column is Text: a cédula or a telephone typed later keeps its digits.
    expect(data.getColumn(5).numFmt).toBe("@");
    expect(data.getCell("E2").numFmt).toBe("@");

    // The drop-down covers the Sucursal column (H) for every data row, its values on the hidden sheet.
    const sheetXml =
      (await (await JSZip.loadAsync(file)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    expect(sheetXml).toContain(`sqref="H2:H${IMPORT_MAX_ROWS + 1}"`);
    expect(sheetXml).toContain(`<formula1>Listas!$A$1:$A$${BRANCHES.length}</formula1>`);
    expect(lists.getColumn(1).values.slice(1)).toEqual(BRANCHES);
    expect(lists.getCell("A2").type).toBe(ExcelJS.ValueType.String);
    expect(lists.getCell("A2").numFmt).toBe("@");

    expect(rowValues(rules, 1)).toEqual(["Columna", "Obligatoria", "Regla"]);
    EMPLOYEE_IMPORT_COLUMNS.forEach((column, index) => {
      expect(rowValues(rules, index + 2)).toEqual([
        column.header,
        column.required ? "Sí" : "No",
        column.rule,
      ]);
    });
  });

  it("reads back as one valid example row (the reader accepts its own template)", async () => {
    const file = await written((output) =>
      writeImportTemplate(output, {
        fileName: "PlantillaChoferes.xlsx",
        columns: DRIVER_IMPORT_COLUMNS,
        listName: "supplier",
        listValues: ["Transporte Caribe"],
      }),
    );
    const { rows, warnings } = await readAll(file, DRIVER_IMPORT_COLUMNS);
    expect(warnings).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.values).toMatchObject({
      identityCard: "001-0000001-7",
      supplier: "Transporte Caribe",
      vehicleCapacity: "25",
    });
  });

  it("without list values: no drop-down and an empty example cell", async () => {
    const file = await written((output) =>
      writeImportTemplate(output, {
        fileName: "x.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        listName: "Sucursal",
      }),
    );
    const sheetXml =
      (await (await JSZip.loadAsync(file)).file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
    expect(sheetXml).not.toContain("dataValidation");
    expect((await load(file)).worksheets[0]?.getCell("H2").value ?? null).toBeNull();
  });

  it("is sent as an attachment through a reply", async () => {
    const app = Fastify({ logger: false });
    app.get("/template", (_request, reply) =>
      writeImportTemplate(reply, {
        fileName: "PlantillaColaboradores.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        listName: "Sucursal",
        listValues: ["Norte"],
      }),
    );
    const response = await app.inject({ method: "GET", url: "/template" });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers["content-disposition"]).toBe("attachment; filename=PlantillaColaboradores.xlsx");
    expect((await load(response.rawPayload)).worksheets[0]?.getCell("H2").value).toBe("Norte");
  });
});

describe("import error file", () => {
  const invalidRows = [
    {
      row: 3,
      values: { code: "E-1", name: '=HYPERLINK("http://x","y")', telephone: "809" },
      cellErrors: [],
      errors: [
        { row: 3, column: "Teléfono", message: "Teléfono incorrecto" },
        { row: 3, column: "Nombre", message: "Nombre inválido" },
      ],
    },
    {
      row: 7,
      values: { code: "-1", name: "+1", telephone: null },
      cellErrors: [{ row: 7, column: "Teléfono", message: IMPORT_MESSAGES.formula }],
      errors: [{ row: 7, column: "Teléfono", message: IMPORT_MESSAGES.formula }],
    },
    {
      row: 9,
      values: { code: "@SUM(A1)", name: "Ana\u0000", telephone: "1" },
      cellErrors: [],
      errors: [{ row: 9, column: "", message: "Fila repetida" }],
    },
  ];
  const columns = [
    { key: "code", header: "Código", required: true, rule: "", example: "" },
    { key: "name", header: "Nombre", required: true, rule: "", example: "" },
    { key: "telephone", header: "Teléfono", required: false, rule: "", example: "" },
  ];

  it("holds the invalid rows under the template's headers, with their reasons in «Errores»", async () => {
    const file = await written((output) =>
      writeImportErrors(output, { fileName: "Errores.xlsx", columns, rows: invalidRows }),
    );
    const sheet = (await load(file)).worksheets[0] as ExcelJS.Worksheet;
    expect(rowValues(sheet, 1)).toEqual(["Código", "Nombre", "Teléfono", IMPORT_ERRORS_HEADER]);
    expect(rowValues(sheet, 2)).toEqual([
      "E-1",
      '=HYPERLINK("http://x","y")',
      "809",
      "Teléfono: Teléfono incorrecto; Nombre: Nombre inválido",
    ]);
    expect(rowValues(sheet, 3)).toEqual(["-1", "+1", null, `Teléfono: ${IMPORT_MESSAGES.formula}`]);
    // NUL cannot be written in an .xlsx: dropped, the rest kept.
    expect(rowValues(sheet, 4)).toEqual(["@SUM(A1)", "Ana", "1", "Fila repetida"]);
    for (const address of ["B2", "A3", "B3", "A4"]) {
      expect(sheet.getCell(address).type).toBe(ExcelJS.ValueType.String);
      expect(sheet.getCell(address).numFmt).toBe("@");
    }
  });

  it("the fixed file can be uploaded again as it is («Errores» ignored, no warning)", async () => {
    const file = await written((output) =>
      writeImportErrors(output, { fileName: "Errores.xlsx", columns, rows: invalidRows }),
    );
    const { rows, warnings } = await readAll(file, columns);
    expect(warnings).toEqual([]);
    expect(rows.map((row) => row.values)).toEqual([
      { code: "E-1", name: '=HYPERLINK("http://x","y")', telephone: "809" },
      { code: "-1", name: "+1", telephone: null },
      { code: "@SUM(A1)", name: "Ana", telephone: "1" },
    ]);
  });

  it("streams many rows from an async source", async () => {
    async function* many() {
      for (let i = 0; i < 3000; i++)
        yield {
          row: i + 2,
          values: { code: `E-${i}`, name: "x", telephone: null },
          cellErrors: [],
          errors: [],
        };
    }
    const file = await written((output) =>
      writeImportErrors(output, { fileName: "Errores.xlsx", columns, rows: many() }),
    );
    expect((await readAll(file, columns)).rows).toHaveLength(3000);
  });
});
