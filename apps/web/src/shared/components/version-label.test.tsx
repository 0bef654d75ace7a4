import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VersionLabel } from "./version-label";

describe("VersionLabel", () => {
  it("defaults to 0.0.0", () => {
    render(<VersionLabel />);
    expect(screen.getByTestId("version-label").textContent).toBe("Versión 0.0.0");
  });
  it("shows the given version", () => {
    render(<VersionLabel version="1.5.0" />);
    expect(screen.getByText("Versión 1.5.0")).toBeTruthy();
  });
});
