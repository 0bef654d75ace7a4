/** "Your bus is near" when it comes within this distance of you. */
export const NEAR_THRESHOLD_M = 1000;

/**
 * True when the bus has just come within `threshold` metres: the previous distance was unknown or
 * farther, the new one is within. Each trip announces it once (the caller remembers that).
 */
export function crossedWithin(
  previousMeters: number | null,
  currentMeters: number,
  threshold = NEAR_THRESHOLD_M,
): boolean {
  return currentMeters <= threshold && (previousMeters === null || previousMeters > threshold);
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;
const ANNOUNCED_KEY = "TreiberApp.avisos";
const MAX_REMEMBERED = 50;

/** Which notices ("start", "near") were already given for which trip, kept on the phone. */
export function createAnnouncements(storage: () => Storage = () => globalThis.localStorage) {
  const read = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage().getItem(ANNOUNCED_KEY) ?? "[]");
      return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
    } catch {
      return [];
    }
  };
  return {
    /** Marks the notice as given; true when it had not been given before (so it must be shown now). */
    claim(kind: "start" | "near", tripId: number): boolean {
      const key = `${kind}:${tripId}`;
      const list = read();
      if (list.includes(key)) return false;
      try {
        storage().setItem(ANNOUNCED_KEY, JSON.stringify([...list, key].slice(-MAX_REMEMBERED)));
      } catch {
        // Storage unavailable: the notice may repeat after a reload, which is harmless.
      }
      return true;
    },
  };
}
