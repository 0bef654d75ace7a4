import type { SignInResponse } from "@treiber/contract";
import { SESSION_STORAGE_KEY } from "./constants";
import type { SessionStorageLike } from "./session-storage-like";
import type { Session } from "./session-types";

type Listener = () => void;

export interface SessionStoreOptions {
  /** Where the session is persisted. Default: `localStorage` (looked up on every access, may throw). */
  storage?: SessionStorageLike;
  /** Default: 'Treiber' (spec §3). */
  key?: string;
  /**
   * Where other tabs' changes are announced (`storage` events). Default: `window` in a browser,
   * none elsewhere.
   */
  events?: Pick<EventTarget, "addEventListener" | "removeEventListener"> | null;
}

const browserEvents = () => (typeof window === "undefined" ? null : window);

function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    if (!value || typeof value.token !== "string" || !value.token) return null;
    return {
      token: value.token,
      refreshToken: typeof value.refreshToken === "string" ? value.refreshToken : "",
      roles: Array.isArray(value.roles) ? value.roles : [],
      userId: typeof value.userId === "number" ? value.userId : 0,
      user: {
        name: value.user?.name ?? "",
        lastname: value.user?.lastname ?? "",
        jobTitle: value.user?.jobTitle ?? null,
        image: value.user?.image ?? null,
      },
      mustChangePassword: value.mustChangePassword === true,
    };
  } catch {
    return null;
  }
}

/** The signed-in session, persisted as the JSON sign-in answer under one storage key. */
export function createSessionStore(options: SessionStoreOptions = {}) {
  const given = options.storage;
  const storage = (): SessionStorageLike => given ?? globalThis.localStorage;
  const key = options.key ?? SESSION_STORAGE_KEY;
  const events = options.events === undefined ? browserEvents() : options.events;
  const listeners = new Set<Listener>();
  let cachedRaw: string | null = null;
  let cachedSession: Session | null = null;

  function readRaw(): string | null {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  /** Current session (stable reference while the storage does not change). */
  function getSession(): Session | null {
    const raw = readRaw();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedSession = parseSession(raw);
    }
    return cachedSession;
  }

  function saveSession(session: Session): void {
    storage().setItem(key, JSON.stringify(session));
    emit();
  }

  function updateSession(patch: Partial<Session>): void {
    const current = getSession();
    if (!current) return;
    saveSession({ ...current, ...patch });
  }

  /** Stores the answer of SignIn or refresh-token. */
  function signIn(response: SignInResponse): Session {
    const session: Session = {
      token: response.token,
      refreshToken: response.refreshToken,
      roles: response.roles,
      userId: response.userId,
      user: response.user,
      mustChangePassword: response.mustChangePassword,
    };
    saveSession(session);
    return session;
  }

  function resetSession(): void {
    try {
      storage().removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
    emit();
  }

  /** Notifies listeners after an outside change (e.g. localStorage.clear()). */
  function notifySessionChanged(): void {
    emit();
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: Event) => {
      const changed = (event as StorageEvent).key;
      if (changed === null || changed === key) listener();
    };
    events?.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      events?.removeEventListener("storage", onStorage);
    };
  }

  return { getSession, saveSession, updateSession, signIn, resetSession, notifySessionChanged, subscribe };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
