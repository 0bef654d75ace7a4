import type { SignInResponse } from "@treiber/contract";
import { SESSION_STORAGE_KEY } from "../constants";
import type { Session } from "./session-types";

type Listener = () => void;

const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

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

function emit(): void {
  for (const listener of listeners) listener();
}

/** Current session (stable reference while localStorage does not change). */
export function getSession(): Session | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

export function saveSession(session: Session): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  const current = getSession();
  if (!current) return;
  saveSession({ ...current, ...patch });
}

/** Stores the answer of SignIn or refresh-token. */
export function signIn(response: SignInResponse): Session {
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

export function resetSession(): void {
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
  emit();
}

/** Notifies listeners after an outside change (e.g. localStorage.clear()). */
export function notifySessionChanged(): void {
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const sessionStore = {
  getSession,
  saveSession,
  updateSession,
  signIn,
  resetSession,
  subscribe: subscribeSession,
};
export type SessionStore = typeof sessionStore;
