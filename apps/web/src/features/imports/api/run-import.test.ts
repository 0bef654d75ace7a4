import {
  IMPORT_FILE_FIELD,
  IMPORT_INVITATIONS_FIELD,
  IMPORT_MESSAGES,
  IMPORT_SKIP_GEOCODE_FIELD,
} from "@treiber/contract";
import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { importFormData, refusedImport } from "./run-import";

describe("importFormData", () => {
  const file = new File(["Código;Nombre\n"], "personal.csv", { type: "text/csv" });

  it("sends the refused geocoded rows before the file, comma-separated", () => {
    const form = importFormData(file, [5, 8]);
    expect([...form.keys()]).toEqual([IMPORT_SKIP_GEOCODE_FIELD, IMPORT_FILE_FIELD]);
    expect(form.get(IMPORT_SKIP_GEOCODE_FIELD)).toBe("5,8");
    expect((form.get(IMPORT_FILE_FIELD) as File).name).toBe("personal.csv");
  });

  it("sends the file alone when every point was accepted", () => {
    expect([...importFormData(file).keys()]).toEqual([IMPORT_FILE_FIELD]);
  });

  it("sends the invitations' day before the file when they are held (issue 33)", () => {
    const form = importFormData(file, [], "09/15/2030");
    expect([...form.keys()]).toEqual([IMPORT_INVITATIONS_FIELD, IMPORT_FILE_FIELD]);
    expect(form.get(IMPORT_INVITATIONS_FIELD)).toBe("09/15/2030");
  });
});

describe("refusedImport", () => {
  const answer = (status: number, data: unknown) =>
    new AxiosError("refused", "ERR_BAD_REQUEST", undefined, undefined, {
      status,
      statusText: "",
      data,
      headers: {},
      config: { headers: new AxiosHeaders() },
    });
  const report = {
    dryRun: false,
    total: 2,
    valid: 1,
    invalid: 1,
    created: 1,
    updated: 0,
    errors: [{ row: 3, column: "Correo", message: IMPORT_MESSAGES.emailInUse }],
    warnings: [],
    rows: [
      { row: 2, action: "create", key: "E-2", name: "Ana Díaz", location: null },
      { row: 3, action: "error", key: "E-3", name: "Luis Peña", location: null },
    ],
  };

  it("reads a 422's message and report, to show the preview again", () => {
    const message = IMPORT_MESSAGES.invalidRows(1);
    expect(refusedImport(answer(422, { statusCode: 422, message, ...report }))).toEqual({ message, report });
  });

  it("is null for any other failure (a 409 shows its message)", () => {
    expect(refusedImport(answer(409, { statusCode: 409, message: "Otra importación" }))).toBeNull();
    expect(refusedImport(answer(422, { statusCode: 422, message: "sin informe" }))).toBeNull();
    expect(refusedImport(new Error("red"))).toBeNull();
  });
});
