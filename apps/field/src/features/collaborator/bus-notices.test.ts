import { createMemoryStorage } from "@treiber/client";
import { describe, expect, it } from "vitest";
import { createAnnouncements, crossedWithin } from "./bus-notices";

describe("1 km crossing", () => {
  it("fires when the bus comes within 1 km", () => {
    expect(crossedWithin(1200, 950)).toBe(true);
    expect(crossedWithin(null, 800)).toBe(true);
    expect(crossedWithin(1001, 1000)).toBe(true);
  });

  it("does not fire while far, while staying near, or when moving away", () => {
    expect(crossedWithin(3000, 2000)).toBe(false);
    expect(crossedWithin(900, 700)).toBe(false);
    expect(crossedWithin(900, 1500)).toBe(false);
    expect(crossedWithin(null, 1500)).toBe(false);
  });

  it("accepts another threshold", () => {
    expect(crossedWithin(600, 400, 500)).toBe(true);
  });
});

describe("announcements", () => {
  it("gives each notice once per trip, across reloads", () => {
    const storage = createMemoryStorage();
    const first = createAnnouncements(() => storage);
    expect(first.claim("start", 7)).toBe(true);
    expect(first.claim("start", 7)).toBe(false);
    expect(first.claim("near", 7)).toBe(true);
    expect(first.claim("start", 8)).toBe(true);
    expect(createAnnouncements(() => storage).claim("near", 7)).toBe(false);
  });

  it("survives broken storage", () => {
    const storage = createMemoryStorage();
    storage.setItem("TreiberApp.avisos", "{bad");
    expect(createAnnouncements(() => storage).claim("start", 1)).toBe(true);
  });
});
