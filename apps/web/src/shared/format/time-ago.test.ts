import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

describe("timeAgo", () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);

  it("reads 'Hace ...' in Spanish for past moments", () => {
    expect(timeAgo(new Date(2026, 10, 23, 11, 59, 50), now)).toBe("Hace unos segundos");
    expect(timeAgo(new Date(2026, 10, 23, 11, 59, 0), now)).toBe("Hace un minuto");
    expect(timeAgo(new Date(2026, 10, 23, 11, 38, 0), now)).toBe("Hace 22 minutos");
    expect(timeAgo(new Date(2026, 10, 23, 10, 0, 0), now)).toBe("Hace 2 horas");
    expect(timeAgo(new Date(2026, 10, 20, 12, 0, 0), now)).toBe("Hace 3 días");
    expect(timeAgo(new Date(2026, 8, 20, 12, 0, 0), now)).toBe("Hace 2 meses");
  });

  it("accepts ISO strings from the API", () => {
    const iso = new Date(now.getTime() - 5 * 60_000).toISOString();
    expect(timeAgo(iso, now)).toBe("Hace 5 minutos");
  });

  it("never reads as future when the server clock runs ahead", () => {
    expect(timeAgo(new Date(now.getTime() + 20_000), now)).toBe("Hace unos segundos");
    expect(timeAgo(new Date(now.getTime() + 5 * 60_000), now)).toBe("Hace unos segundos");
  });

  it("is empty for missing or unreadable dates", () => {
    expect(timeAgo(null, now)).toBe("");
    expect(timeAgo(undefined, now)).toBe("");
    expect(timeAgo("", now)).toBe("");
    expect(timeAgo("no es una fecha", now)).toBe("");
  });
});
