import { describe, expect, it } from "vitest";
import { expiresWithin } from "./token-expiry";

const jwt = (payload: object) =>
  `h.${btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.s`;

describe("expiresWithin", () => {
  const now = 1_800_000_000_000;

  it("is false for a token valid well beyond the margin", () => {
    expect(expiresWithin(jwt({ exp: now / 1000 + 600 }), 30_000, now)).toBe(false);
  });

  it("is true within the margin, once expired, and for unreadable tokens", () => {
    expect(expiresWithin(jwt({ exp: now / 1000 + 10 }), 30_000, now)).toBe(true);
    expect(expiresWithin(jwt({ exp: now / 1000 - 10 }), 30_000, now)).toBe(true);
    expect(expiresWithin("not-a-jwt", 30_000, now)).toBe(true);
    expect(expiresWithin(jwt({ sub: "1" }), 30_000, now)).toBe(true);
  });
});
