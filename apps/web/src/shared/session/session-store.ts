import { createSessionStore } from "@treiber/client";

/** The back office's session: localStorage under 'Treiber', shared with other tabs (spec §3). */
export const sessionStore = createSessionStore();
export type SessionStore = typeof sessionStore;

export const {
  getSession,
  saveSession,
  updateSession,
  signIn,
  resetSession,
  notifySessionChanged,
  subscribe: subscribeSession,
} = sessionStore;
