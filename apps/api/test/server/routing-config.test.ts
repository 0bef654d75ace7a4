import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.js";
import { testConfig } from "../helpers/test-app.js";

/** ROUTING_URL and its tuning (issue 36, decision 0069): read once, validated, off by default. */
describe("routing server configuration", () => {
  it("is off without ROUTING_URL: the calibrated model plans", () => {
    expect(testConfig().routing).toBeUndefined();
  });

  it("takes the URL without its trailing slash, with a 10 s limit and tables of 100 by default", () => {
    expect(testConfig({ ROUTING_URL: "http://osrm.local:5000/" }).routing).toEqual({
      url: "http://osrm.local:5000",
      timeoutMs: 10_000,
      tableSize: 100,
    });
    expect(
      testConfig({
        ROUTING_URL: "https://rutas.example/osrm",
        ROUTING_TIMEOUT_MS: "2500",
        ROUTING_TABLE_SIZE: "500",
      }).routing,
    ).toEqual({ url: "https://rutas.example/osrm", timeoutMs: 2_500, tableSize: 500 });
  });

  it("refuses what is not an http(s) URL or a sensible number, in Spanish and English", () => {
    expect(() => testConfig({ ROUTING_URL: "ftp://osrm.local" })).toThrow(ConfigError);
    expect(() => testConfig({ ROUTING_URL: "http://osrm.local", ROUTING_TIMEOUT_MS: "10" })).toThrow(
      /ROUTING_TIMEOUT_MS: debe estar entre 100 y 120000/,
    );
    expect(() => testConfig({ ROUTING_URL: "http://osrm.local", ROUTING_TABLE_SIZE: "1" })).toThrow(
      /ROUTING_TABLE_SIZE/,
    );
  });
});
