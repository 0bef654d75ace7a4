import { backoffDelay } from "./backoff-delay";
import { classifySendError } from "./classify-send-error";
import type { FieldAction, FieldActionResult, QueuedAction, RejectedAction } from "./field-action";
import { newActionId } from "./new-action-id";
import type { OutboxStore } from "./outbox-store";

/** How often the sender looks at the queue anyway (besides online, app start and visibility). */
export const OUTBOX_POLL_MS = 30_000;

export interface OutboxOptions {
  store: OutboxStore;
  /** Sends one action to the server; resolves with the answer's data, rejects as the HTTP client does. */
  send: (action: FieldAction) => Promise<unknown>;
  /**
   * The signed-in user's id (null when signed out): each action is stamped with it and only that
   * user's session sends it, so a phone shared by two drivers never sends one's scans as the other.
   * Without it every action goes with whoever is signed in.
   */
  owner?: () => number | null;
  /** False only when the device is surely offline (`navigator.onLine`). */
  isOnline?: () => boolean;
  random?: () => number;
}

export interface OutboxSnapshot {
  pending: number;
  rejected: RejectedAction[];
}

export interface Outbox {
  /** Sends now if online with nothing waiting, else queues (see sendFieldAction). */
  submit<T>(action: FieldAction): Promise<FieldActionResult<T>>;
  /** Replays the queue in order, one at a time; `force` ignores the head's backoff (connection back). */
  flush(force?: boolean): Promise<void>;
  /** Listens to `online`, visibility and a timer, and replays now; returns the stop function. */
  start(): () => void;
  /** The signed-in user changed: shows that user's pending actions and sends them. */
  ownerChanged(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): OutboxSnapshot;
  dismissRejected(id: string): Promise<void>;
}

const defaultIsOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** The offline outbox: FIFO queue in IndexedDB, replayed with backoff; each action keeps its actionId. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, send } = options;
  const isOnline = options.isOnline ?? defaultIsOnline;
  const random = options.random ?? Math.random;
  /** `undefined` = every action (no owner function); `null` = signed out (nothing to send). */
  const owner = (): number | null | undefined => options.owner?.() ?? (options.owner ? null : undefined);
  const listeners = new Set<() => void>();
  let snapshot: OutboxSnapshot = { pending: 0, rejected: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | null = null;
  let requested = false;
  let forced = false;

  /** Direct sends and replay steps run one at a time, so nothing overtakes a queued action. */
  let chain: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = chain.then(task);
    chain = result.catch(() => undefined);
    return result;
  }

  async function refresh(): Promise<void> {
    const current = owner();
    try {
      snapshot =
        current === null
          ? { pending: 0, rejected: [] }
          : { pending: await store.count(current), rejected: await store.rejected(current) };
    } catch {
      return;
    }
    for (const listener of listeners) listener();
  }

  function schedule(delay: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  async function queue(id: string, action: FieldAction, attempts: number): Promise<void> {
    const now = Date.now();
    const nextAttemptAt = attempts > 0 ? now + backoffDelay(attempts, random) : now;
    const userId = owner() ?? undefined;
    await store.add({ ...action, id, createdAt: now, attempts, nextAttemptAt, userId });
  }

  async function submit<T>(action: FieldAction): Promise<FieldActionResult<T>> {
    const id = typeof action.body.actionId === "string" ? action.body.actionId : newActionId();
    const request: FieldAction = { ...action, body: { ...action.body, actionId: id } };
    const result = await exclusive(async (): Promise<FieldActionResult<T>> => {
      let waiting: number;
      try {
        waiting = await store.count(owner() ?? undefined);
      } catch {
        // No IndexedDB (e.g. a private window that refuses it): plain direct send.
        return { status: "sent", data: (await send(request)) as T };
      }
      if (waiting > 0 || !isOnline()) {
        await queue(id, request, 0);
        return { status: "queued" };
      }
      try {
        return { status: "sent", data: (await send(request)) as T };
      } catch (error) {
        if (classifySendError(error).kind === "rejected") throw error;
        await queue(id, request, 1);
        return { status: "queued" };
      }
    });
    if (result.status === "queued") {
      await refresh();
      void flush();
    }
    return result;
  }

  type Step = "done" | "next";
  async function step(force: boolean): Promise<Step> {
    const current = owner();
    if (current === null) return "done";
    const action = await store.first(current);
    if (!action) return "done";
    const wait = action.nextAttemptAt - Date.now();
    if (wait > 0 && !force) {
      schedule(wait);
      return "done";
    }
    try {
      await send(action);
      await store.remove(action);
      return "next";
    } catch (error) {
      const outcome = classifySendError(error);
      if (outcome.kind === "rejected") {
        await store.reject(action, rejectedFrom(action, outcome.status, outcome.message));
        return "next";
      }
      const attempts = action.attempts + 1;
      const delay = backoffDelay(attempts, random);
      await store.update({ ...action, attempts, nextAttemptAt: Date.now() + delay });
      schedule(delay);
      return "done";
    }
  }

  async function drain(): Promise<void> {
    let force = forced;
    forced = false;
    while (isOnline()) {
      const next = await exclusive(() => step(force));
      force = false;
      await refresh();
      if (next === "done") return;
    }
  }

  function flush(force = false): Promise<void> {
    requested = true;
    forced ||= force;
    flushing ??= (async () => {
      try {
        while (requested) {
          requested = false;
          await drain();
        }
      } catch {
        // IndexedDB failure: the timer tries again later.
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  function start(): () => void {
    const onOnline = () => void flush(true);
    const onVisible = () => {
      if (document.visibilityState === "visible") void flush();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    const poll = setInterval(() => void flush(), OUTBOX_POLL_MS);
    void refresh().then(() => flush(true));
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(poll);
      clearTimeout(timer);
    };
  }

  return {
    submit,
    flush,
    start,
    ownerChanged() {
      void refresh().then(() => flush(true));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    async dismissRejected(id) {
      await store.dismissRejected(id);
      await refresh();
    },
  };
}

function rejectedFrom(action: QueuedAction, status: number, message: string): RejectedAction {
  const { id, method, path, body, createdAt, userId } = action;
  return { id, userId, method, path, body, createdAt, rejectedAt: Date.now(), status, message };
}
