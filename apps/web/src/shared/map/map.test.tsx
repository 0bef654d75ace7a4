import { render, screen } from "@testing-library/react";
import L from "leaflet";
import { describe, expect, it } from "vitest";
import { BaseMap, DEFAULT_MAP_CENTER, DEFAULT_MAP_TILE_URL, resolveTileUrl } from "./index";

describe("map config", () => {
  it("falls back to OpenStreetMap when no tile URL is configured", () => {
    expect(resolveTileUrl(undefined)).toBe(DEFAULT_MAP_TILE_URL);
    expect(resolveTileUrl("  ")).toBe(DEFAULT_MAP_TILE_URL);
    expect(resolveTileUrl("https://tiles.example.do/{z}/{x}/{y}.png")).toBe(
      "https://tiles.example.do/{z}/{x}/{y}.png",
    );
  });

  it("centres on Santo Domingo by default", () => {
    expect(DEFAULT_MAP_CENTER).toEqual([18.4861, -69.9312]);
  });

  it("points Leaflet's default marker icon at bundled images", () => {
    const options = L.Icon.Default.prototype.options;
    expect(options.iconUrl).toMatch(/marker-icon/);
    expect(options.shadowUrl).toMatch(/marker-shadow/);
  });
});

describe("BaseMap", () => {
  it("renders a Leaflet map region", () => {
    render(<BaseMap ariaLabel="Mapa de prueba" height={200} />);
    const region = screen.getByRole("region", { name: "Mapa de prueba" });
    expect(region.querySelector(".leaflet-container")).not.toBeNull();
  });
});
