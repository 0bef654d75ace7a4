import { describe, expect, it } from "vitest";
import { commitSummary, countOf, IMPORT_KINDS } from "./import-kinds";

describe("import wording", () => {
  it("counts people in singular and plural", () => {
    expect(countOf(IMPORT_KINDS.employee, 1)).toBe("1 colaborador");
    expect(countOf(IMPORT_KINDS.driver, 1234)).toBe(`${(1234).toLocaleString("es-DO")} choferes`);
  });

  it("says what the commit will do, leaving out what it will not", () => {
    expect(commitSummary(IMPORT_KINDS.employee, 4, 0)).toBe("Se crearán 4 colaboradores.");
    expect(commitSummary(IMPORT_KINDS.employee, 0, 1)).toBe("Se actualizará 1 colaborador.");
    expect(commitSummary(IMPORT_KINDS.driver, 1, 2)).toBe("Se creará 1 chofer y se actualizarán 2 choferes.");
    expect(commitSummary(IMPORT_KINDS.employee, 0, 1, 313)).toBe(
      "Se actualizará 1 colaborador. 313 sin cambios.",
    );
    expect(commitSummary(IMPORT_KINDS.employee, 0, 0, 314)).toBe("314 sin cambios.");
  });
});
