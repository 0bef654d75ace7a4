import { IMPORT_FILE_FIELD, IMPORT_SKIP_GEOCODE_FIELD } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { importFormData } from "./run-import";

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
});
