import { describe, expect, it } from "vitest";
import { HOME_PATHS, homePathFor } from "./home-path";

describe("homePathFor", () => {
  it("sends a driver to Hoy", () => {
    expect(homePathFor(["Driver"])).toBe(HOME_PATHS.driver);
  });

  it("sends a collaborator to Mi QR", () => {
    expect(homePathFor(["Collaborator"])).toBe(HOME_PATHS.collaborator);
  });

  it("sends administrators to the back office notice", () => {
    expect(homePathFor(["Admin"])).toBe(HOME_PATHS.backOffice);
    expect(homePathFor(["SuperAdmin"])).toBe(HOME_PATHS.backOffice);
    expect(homePathFor([])).toBe(HOME_PATHS.backOffice);
  });
});
