import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "./create-memory-storage";
import { createSessionStore } from "./create-session-store";

const response = {
  token: "t",
  refreshToken: "r",
  roles: ["Admin" as const],
  userId: 4,
  mustChangePassword: true,
  user: { name: "Ana", lastname: "Pérez", jobTitle: "Gerente", image: null },
};

function newStore() {
  const storage = createMemoryStorage();
  return { storage, store: createSessionStore({ storage }) };
}

describe("session store", () => {
  it("persists the session as JSON under the key 'Treiber'", () => {
    const { storage, store } = newStore();
    store.signIn(response);
    expect(JSON.parse(storage.getItem("Treiber") ?? "null")).toEqual(response);
    expect(store.getSession()).toEqual(response);
    expect(store.getSession()).toBe(store.getSession());
  });

  it("updates, notifies subscribers and resets", () => {
    const { storage, store } = newStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.signIn(response);
    store.updateSession({ mustChangePassword: false });
    expect(store.getSession()?.mustChangePassword).toBe(false);
    store.resetSession();
    expect(store.getSession()).toBeNull();
    expect(storage.getItem("Treiber")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.notifySessionChanged();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("ignores corrupt or token-less data", () => {
    const { storage, store } = newStore();
    storage.setItem("Treiber", "{not json");
    expect(store.getSession()).toBeNull();
    storage.setItem("Treiber", JSON.stringify({ roles: ["Admin"] }));
    expect(store.getSession()).toBeNull();
  });

  it("works without any storage (e.g. blocked): no session, reset does not throw", () => {
    const blocked = () => {
      throw new Error("blocked");
    };
    const store = createSessionStore({
      storage: { getItem: blocked, setItem: blocked, removeItem: blocked },
      events: null,
    });
    expect(store.getSession()).toBeNull();
    expect(() => store.resetSession()).not.toThrow();
  });

  it("hears other tabs through 'storage' events for its key only", () => {
    const events = new EventTarget();
    const store = createSessionStore({ storage: createMemoryStorage(), events });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const storageEvent = (key: string | null) => Object.assign(new Event("storage"), { key });
    events.dispatchEvent(storageEvent("other"));
    events.dispatchEvent(storageEvent("Treiber"));
    events.dispatchEvent(storageEvent(null));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    events.dispatchEvent(storageEvent("Treiber"));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
