import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from "./token-service.js";

const SECRET = "unit-secret-unit-secret-unit-secret-0001";
const SESSION = "5f0c6a52-3d1e-4b7a-9c2f-0a1b2c3d4e5f";

describe("token service", () => {
  it("keeps refusing a remembered token once it expires", async () => {
    let clock = Date.now();
    const tokens = createTokenService(SECRET, () => clock);
    const token = await tokens.signAccessToken({ id: 7, role: "Admin" }, SESSION);
    const claims = { id: 7, role: "Admin", sessionId: SESSION, expiresAt: expect.any(Number) };
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    clock += (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await tokens.verifyAccessToken(token)).toBeUndefined();
    expect(await tokens.verifyAccessToken(token)).toBeUndefined();
  });

  it("refuses a remembered token with one byte changed", async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.signAccessToken({ id: 7, role: "Admin" }, SESSION);
    expect(await tokens.verifyAccessToken(token)).toBeDefined();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeUndefined();
    const otherService = createTokenService("another-secret-another-secret-another-01");
    expect(await otherService.verifyAccessToken(token)).toBeUndefined();
  });
});
