import { TRIP_SHARE_REFRESH_SECONDS } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import {
  SHARED_TRIP_REFRESH_MS,
  sharedTripEtaSentence,
  sharedTripPositionAge,
  sharedTripStatusLabel,
} from "./shared-trip-text";

const stop = { name: "Parque Los Mina", latitude: 18.49, longitude: -69.86 };

describe("the shared trip's words", () => {
  it("refreshes as often as the contract says", () => {
    expect(SHARED_TRIP_REFRESH_MS).toBe(TRIP_SHARE_REFRESH_SECONDS * 1000);
  });

  it("names each state of the trip", () => {
    expect(sharedTripStatusLabel("Scheduled")).toBe("Aún no sale");
    expect(sharedTripStatusLabel("InProgress")).toBe("En camino");
    expect(sharedTripStatusLabel("Finished")).toBe("Viaje terminado");
  });

  it("says «Llega en ~N min» while the bus runs toward the rider's stop, else why there is no estimate", () => {
    expect(sharedTripEtaSentence({ status: "InProgress", etaMinutes: 7, riderStop: stop })).toBe(
      "Llega en ~7 min",
    );
    expect(sharedTripEtaSentence({ status: "InProgress", etaMinutes: 75, riderStop: stop })).toBe(
      "Llega en ~1 h 15 min",
    );
    expect(sharedTripEtaSentence({ status: "InProgress", etaMinutes: 0, riderStop: stop })).toBe(
      "Llegando a la parada",
    );
    expect(sharedTripEtaSentence({ status: "InProgress", etaMinutes: null, riderStop: stop })).toBe(
      "Sin estimado de llegada por ahora",
    );
    expect(sharedTripEtaSentence({ status: "InProgress", etaMinutes: null, riderStop: null })).toBe(
      "En camino",
    );
    expect(sharedTripEtaSentence({ status: "Scheduled", etaMinutes: null, riderStop: stop })).toBe(
      "El bus aún no sale",
    );
    expect(sharedTripEtaSentence({ status: "Finished", etaMinutes: 3, riderStop: stop })).toBe(
      "El viaje terminó",
    );
  });

  it("tells how old the bus's position is", () => {
    const now = new Date("2026-11-28T02:05:00.000Z");
    expect(sharedTripPositionAge({ latitude: 1, longitude: 2, at: "2026-11-28T02:03:00.000Z" }, now)).toBe(
      "Ubicación: hace 2 minutos",
    );
    expect(sharedTripPositionAge(null, now)).toBe("Sin ubicación del bus todavía");
  });
});

/** Every source file of the feature (tests aside), as text. */
const SOURCES = import.meta.glob(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

describe("the public page's chunk stays light", () => {
  it("imports no Ant Design, no back-office HTTP client and no value of the contract's index", () => {
    const files = Object.entries(SOURCES);
    expect(files.length).toBeGreaterThan(4);
    for (const [file, text] of files) {
      expect(text, file).not.toMatch(/from "antd"/);
      expect(text, file).not.toMatch(/shared\/api\/http-client/);
      expect(text, file).not.toMatch(/^import (?!type )[^;]*from "@treiber\/contract";/m);
    }
  });
});
