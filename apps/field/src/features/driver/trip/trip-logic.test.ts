import { describe, expect, it } from "vitest";
import { createPositionThrottle } from "./position-throttle";
import { pendingRiders, pendingSentence, searchRiders, stopSummary } from "./trip-riders";

const rider = (name: string, status: "Pending" | "Boarded" | "Canceled", codeEmployee = "E-1") => ({
  name,
  lastname: "Pérez",
  codeEmployee,
  status,
});

describe("position throttle", () => {
  it("lets at most one position through every 5 s", () => {
    const throttle = createPositionThrottle();
    expect(throttle.shouldSend(1_000)).toBe(true);
    expect(throttle.shouldSend(2_000)).toBe(false);
    expect(throttle.shouldSend(5_999)).toBe(false);
    expect(throttle.shouldSend(6_000)).toBe(true);
    expect(throttle.shouldSend(10_999)).toBe(false);
    throttle.reset();
    expect(throttle.shouldSend(11_000)).toBe(true);
  });
});

describe("riders", () => {
  it("lists the pending riders by name", () => {
    const riders = [
      rider("Zoe", "Pending"),
      rider("Ana", "Boarded"),
      rider("Bea", "Pending"),
      rider("Eva", "Canceled"),
    ];
    expect(pendingRiders(riders).map((item) => item.name)).toEqual(["Bea", "Zoe"]);
  });

  it("names the pending riders in the End confirmation", () => {
    expect(pendingSentence([], 3)).toBe("Todos los pasajeros abordaron o cancelaron.");
    expect(pendingSentence([], 0)).toBe("Esta ruta no tiene pasajeros asignados.");
    expect(pendingSentence([rider("Bea", "Pending")])).toBe("Queda 1 pasajero pendiente: Bea Pérez.");
    expect(pendingSentence([rider("Bea", "Pending"), rider("Zoe", "Pending")])).toBe(
      "Quedan 2 pasajeros pendientes: Bea Pérez, Zoe Pérez.",
    );
  });

  it("searches by name or employee code, ignoring accents and case", () => {
    const riders = [rider("Ángela", "Pending", "EMP-7"), rider("Bea", "Pending", "EMP-9")];
    expect(searchRiders(riders, "angela").map((item) => item.name)).toEqual(["Ángela"]);
    expect(searchRiders(riders, "emp-9").map((item) => item.name)).toEqual(["Bea"]);
    expect(searchRiders(riders, "  ")).toHaveLength(2);
  });
});

describe("stop summary", () => {
  const riders = (...statuses: ("Pending" | "Boarded" | "Canceled")[]) =>
    statuses.map((status) => ({ status }));

  it("counts who boards at an Entrada stop and who already did", () => {
    expect(stopSummary(riders("Pending", "Pending"), "inbound")).toBe("2 suben");
    expect(stopSummary(riders("Boarded", "Pending"), "inbound")).toBe("2 suben · 1 abordó");
    expect(stopSummary(riders("Boarded"), "inbound")).toBe("1 sube · 1 abordó");
    expect(stopSummary(riders("Boarded", "Boarded", "Canceled"), null)).toBe("3 pasajeros · 2 abordaron");
  });

  it("counts who alights at a Salida stop, and says when nobody does", () => {
    expect(stopSummary(riders("Boarded", "Boarded"), "outbound")).toBe("2 bajan");
    expect(stopSummary(riders("Boarded"), "outbound")).toBe("1 baja");
    expect(stopSummary([], "inbound")).toBe("Sin pasajeros");
  });
});
