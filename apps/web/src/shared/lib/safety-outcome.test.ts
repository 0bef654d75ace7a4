import { describe, expect, it } from "vitest";
import { safetyCloseText } from "./safety-outcome";

describe("safetyCloseText (issue 38)", () => {
  it("says the outcome and who closed a safety incident, nothing for the others", () => {
    expect(safetyCloseText({ outcome: "FALSE_ALARM", closedBy: "Ana Gómez" })).toBe(
      "Falsa alarma · cerrada por Ana Gómez",
    );
    expect(safetyCloseText({ outcome: "ATTENDED", closedBy: null })).toBe("Atendida");
    expect(safetyCloseText({ outcome: null, closedBy: null })).toBeNull();
    expect(safetyCloseText({})).toBeNull();
  });
});
