import { describe, expect, it } from "vitest";
import {
  API_DATE_YEAR_MESSAGE,
  apiDateSchema,
  CONTROL_CHARACTER_MESSAGE,
  criterionSchema,
  hasForbiddenControl,
  optionalText,
  requiredText,
} from "./common.js";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("text schemas and control characters (decision 0024)", () => {
  it("single-line text refuses every control character, line breaks and tabs included", () => {
    for (const value of ["a\u0000b", "a\nb", "a\tb", "a\u007fb", "a\u001bb"]) {
      expect(message(requiredText().safeParse(value)), JSON.stringify(value)).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(message(criterionSchema.safeParse(value)), JSON.stringify(value)).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
    }
    expect(requiredText().parse("  Piantini ñ 😀 ")).toBe("Piantini ñ 😀");
  });

  it("multi-line text keeps tabs and line breaks but refuses NUL and the rest", () => {
    expect(optionalText().parse("uno\r\n\tdos")).toBe("uno\r\n\tdos");
    for (const value of ["a\u0000b", "a\u0007b", "a\u000bb", "a\u007fb"]) {
      expect(message(optionalText().safeParse(value)), JSON.stringify(value)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("issue 32: half a surrogate pair, C1 controls, separators, BOM and bidirectional controls", () => {
    const spoofs = [
      "Ana\uD800",
      "\uDC00Ana",
      "Ana\u0085",
      "Ana\u2028María",
      "A\uFEFFna",
      "\u202EzeréP",
      "A\u2066na\u2069",
    ];
    for (const value of spoofs) {
      expect(message(requiredText().safeParse(value)), JSON.stringify(value)).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(message(optionalText().safeParse(value)), JSON.stringify(value)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    // A whole pair is a character (an emoji), and accents and ñ are text.
    expect(requiredText().parse("José 😀 Muñoz")).toBe("José 😀 Muñoz");
    // The guard on every input string refuses what PostgreSQL cannot store, not the look-alikes.
    expect([
      hasForbiddenControl("a\uD800"),
      hasForbiddenControl("a\u0000"),
      hasForbiddenControl("a\u202E"),
    ]).toEqual([true, true, false]);
  });
});

describe("apiDateSchema: years 1900–2100", () => {
  it.each(["12/31/9999", "01/01/0001", "01/01/0099", "12/31/1899", "01/01/2101"])(
    "%s is refused",
    (value) => {
      expect(message(apiDateSchema.safeParse(value))).toBe(API_DATE_YEAR_MESSAGE);
    },
  );
  it.each(["01/01/1900", "12/31/2100", "03/01/2026"])("%s is accepted", (value) => {
    expect(apiDateSchema.parse(value)).toBe(value);
  });
});
