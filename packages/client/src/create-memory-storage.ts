import type { SessionStorageLike } from "./session-storage-like";

/** A storage kept in memory (Node, tests): same contract as localStorage for the session. */
export function createMemoryStorage(): SessionStorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
