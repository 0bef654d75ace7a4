import { IDENTITY_CARD_PATTERN } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { maskIdentityCard } from "./identity-card";

describe("maskIdentityCard", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["001", "001"],
    ["0011", "001-1"],
    ["0011234567", "001-1234567"],
    ["00112345678", "001-1234567-8"],
    ["001-1234567-8", "001-1234567-8"],
    [" 001 1234567 8 ", "001-1234567-8"],
    ["001-1234567", "001-1234567"],
    ["001-1234567-", "001-1234567"],
  ])("%j → %j", (typed, masked) => {
    expect(maskIdentityCard(typed)).toBe(masked);
  });

  it("gives the contract's format for 11 digits, typed or pasted with or without hyphens", () => {
    for (const typed of ["40212345671", "402-1234567-1", "402.1234567.1"]) {
      expect(maskIdentityCard(typed)).toMatch(IDENTITY_CARD_PATTERN);
    }
  });

  it("keeps a twelfth digit so the rule refuses it instead of dropping it", () => {
    const masked = maskIdentityCard("001123456789");
    expect(masked).toBe("001-1234567-89");
    expect(masked).not.toMatch(IDENTITY_CARD_PATTERN);
  });

  it("is empty for a value that is not text", () => {
    expect(maskIdentityCard(undefined)).toBe("");
    expect(maskIdentityCard(null)).toBe("");
  });
});
