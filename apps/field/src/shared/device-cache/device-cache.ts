import { type DBSchema, type IDBPDatabase, openDB } from "idb";

export const DEVICE_CACHE_DB_NAME = "treiber-cache";

/** One server answer kept on the phone. */
export interface CachedEntry<T> {
  value: T;
  /** Epoch ms the request that brought it was made (the server's state at least that fresh). */
  savedAt: number;
}

interface CacheSchema extends DBSchema {
  /** Keyed by `<userId>:<key>`: a shared phone never shows one account's data to another. */
  entries: { key: string; value: CachedEntry<unknown> & { key: string } };
}

/**
 * The last server answers the screens need offline (Hoy with each route's riders, each trip opened,
 * "Mi bus"), in IndexedDB: a cold start in a dead zone opens them from here. Emptied on sign-out.
 */
export interface DeviceCache {
  get<T>(userId: number, key: string): Promise<CachedEntry<T> | undefined>;
  set<T>(userId: number, key: string, entry: CachedEntry<T>): Promise<void>;
  clear(): Promise<void>;
}

export function createDeviceCache(name = DEVICE_CACHE_DB_NAME): DeviceCache {
  let opening: Promise<IDBPDatabase<CacheSchema>> | null = null;
  const db = () => {
    opening ??= openDB<CacheSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore("entries", { keyPath: "key" });
      },
    });
    return opening;
  };
  return {
    async get<T>(userId: number, key: string) {
      const row = await (await db()).get("entries", `${userId}:${key}`);
      return row ? { value: row.value as T, savedAt: row.savedAt } : undefined;
    },
    async set(userId, key, entry) {
      await (await db()).put("entries", { key: `${userId}:${key}`, ...entry });
    },
    async clear() {
      await (await db()).clear("entries");
    },
  };
}

/** The app's one cache. */
export const deviceCache = createDeviceCache();
