import { describe, expect, it } from "vitest";
import { describeIncident } from "./describe-incident";

describe("describeIncident", () => {
  it("says each rule's figures in Spanish", () => {
    expect(describeIncident({ type: "LATE", detail: { lateMinutes: 12.4 }, stopName: null })).toBe(
      "12 mins de retraso previsto",
    );
    expect(describeIncident({ type: "OFF_ROUTE", detail: { distanceMeters: 452.6 }, stopName: null })).toBe(
      "A 453 m de la ruta",
    );
    expect(describeIncident({ type: "OFF_ROUTE", detail: { detourMeters: 811.2 }, stopName: null })).toBe(
      "811 m sin acercarse a la próxima parada",
    );
    expect(describeIncident({ type: "LONG_DWELL", detail: { dwellMinutes: 14 }, stopName: null })).toBe(
      "Detenido 14 mins",
    );
    expect(
      describeIncident({ type: "SKIPPED_STOP", detail: { pendingRiders: 1 }, stopName: "Los Prados" }),
    ).toBe("Parada Los Prados · 1 colaborador pendiente");
    expect(
      describeIncident({ type: "OVER_CAPACITY", detail: { boardings: 45, seats: 40 }, stopName: null }),
    ).toBe("45 abordajes para 40 asientos");
    expect(describeIncident({ type: "NO_GPS", detail: {}, stopName: null })).toBeNull();
    expect(describeIncident({ type: "LATE", detail: {}, stopName: null })).toBeNull();
  });

  it("says an SOS's accuracy and whether it was queued offline, and a safe arrival's drop (issue 38)", () => {
    const recordedAt = "2026-11-27T23:00:00.000Z";
    expect(describeIncident({ type: "SOS", detail: { accuracy: 12.3 }, stopName: null })).toBe(
      "Precisión ±12 m",
    );
    expect(
      describeIncident({
        type: "SOS",
        detail: { recordedAt, receivedAt: "2026-11-27T23:01:30.000Z" },
        stopName: null,
      }),
    ).toBe("Enviada sin conexión");
    expect(
      describeIncident({ type: "SOS", detail: { recordedAt, receivedAt: recordedAt }, stopName: null }),
    ).toBeNull();
    const droppedAt = new Date(2026, 10, 27, 22, 5).toISOString();
    expect(
      describeIncident({
        type: "SAFE_ARRIVAL_UNCONFIRMED",
        detail: { dropStopName: "Los Prados", droppedAt },
        stopName: null,
      }),
    ).toBe("Bajó en Los Prados a las 10:05 pm");
  });
});
