/** What "Mi QR" needs to open offline once it has been seen. */
export interface CachedQr {
  userId: number;
  name: string;
  lastname: string;
  codeEmployee: string;
  codeQr: string;
  /** The photo as a data URL, when it was small enough to keep. */
  photo: string | null;
  savedAt: string;
}

export const QR_CACHE_KEY = "TreiberApp.miQr";
/** Photos larger than this are not kept (localStorage is small); the initials are shown instead. */
export const MAX_CACHED_PHOTO_CHARS = 300_000;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;
const browserStorage = (): Storage => globalThis.localStorage;

/** The QR saved for this user, or null (another user's QR is never shown). */
export function readCachedQr(userId: number, storage: () => Storage = browserStorage): CachedQr | null {
  try {
    const raw = storage().getItem(QR_CACHE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CachedQr>;
    if (value.userId !== userId || typeof value.codeQr !== "string" || !value.codeQr) return null;
    return {
      userId,
      name: value.name ?? "",
      lastname: value.lastname ?? "",
      codeEmployee: value.codeEmployee ?? "",
      codeQr: value.codeQr,
      photo: typeof value.photo === "string" ? value.photo : null,
      savedAt: value.savedAt ?? "",
    };
  } catch {
    return null;
  }
}

export function writeCachedQr(entry: CachedQr, storage: () => Storage = browserStorage): void {
  const photo = entry.photo && entry.photo.length <= MAX_CACHED_PHOTO_CHARS ? entry.photo : null;
  try {
    storage().setItem(QR_CACHE_KEY, JSON.stringify({ ...entry, photo }));
  } catch {
    // Storage full or unavailable: the QR still shows online.
  }
}

export function clearCachedQr(storage: () => Storage = browserStorage): void {
  try {
    storage().removeItem(QR_CACHE_KEY);
  } catch {
    // nothing to clear
  }
}

/** "AB" for "Ana Bueno": shown when there is no photo. */
export function initials(name: string, lastname: string): string {
  return `${name.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || "?";
}
