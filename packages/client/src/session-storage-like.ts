/** The part of the Web Storage API the session uses (localStorage, or `createMemoryStorage()` in Node). */
export type SessionStorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;
