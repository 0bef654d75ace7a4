import { getErrorStatus } from "@treiber/client";
import { BACKOFF_HUNG_MS, backoffDelay, RETRY_AFTER_HANG_MS } from "./backoff-delay";
import { answerError, BATCH_MAX, type BatchAnswer } from "./batch-answer";
import { classifySendError } from "./classify-send-error";
import type { FieldAction, FieldActionResult, QueuedAction, RejectedAction } from "./field-action";
import { newActionId } from "./new-action-id";
import type { OutboxStore } from "./outbox-store";
import { alreadyApplied, isQuietAction } from "./quiet-refusals";
import { resolveTripRef, tripIdOfAnswer } from "./trip-refs";

/** How often the sender looks at the queue anyway (besides online, app start and visibility). */
export const OUTBOX_POLL_MS = 30_000;

export interface OutboxOptions {
  store: OutboxStore;
  /** Sends one action to the server; resolves with the answer's data, rejects as the HTTP client does. */
  send: (action: FieldAction) => Promise<unknown>;
  /**
   * Sends several queued actions in one request (`FieldAction/batch`): resolves with each one's
   * answer in order (possibly fewer: the server stops at the first it would have us retry), rejects
   * as the HTTP client does. Without it every action goes alone.
   */
  sendBatch?: (actions: FieldAction[]) => Promise<BatchAnswer[]>;
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

/** How long `submit` waits for the server's answer before it says "queued" (the tap shows at once). */
export const SUBMIT_WAIT_MS = 3_000;

/** An action the server took (or already held) recently: the screen keeps showing it until it refetches. */
export interface SentAction {
  action: QueuedAction;
  /** Epoch ms of the server's answer. */
  sentAt: number;
}

export interface OutboxSnapshot {
  pending: number;
  /** The signed-in user's waiting actions, oldest first (the screens apply them to the server's state). */
  actions: QueuedAction[];
  /** The last actions the server took, newest last (at most {@link RECENT_LIMIT}). */
  recent: SentAction[];
  /** Trips of Starts sent from the queue: Start actionId → trip id (null when the Start was refused). */
  trips: Record<string, number | null>;
  rejected: RejectedAction[];
}

const RECENT_LIMIT = 200;

export interface SubmitOptions {
  /** How long to wait for the answer before returning "queued" (default {@link SUBMIT_WAIT_MS}; 0 = never). */
  waitMs?: number;
}

export interface Outbox {
  /** Writes the action to the queue, then sends it; see sendFieldAction for what it returns. */
  submit<T>(action: FieldAction, options?: SubmitOptions): Promise<FieldActionResult<T>>;
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

/**
 * The offline outbox: FIFO queue in IndexedDB, replayed with backoff; each action keeps its actionId.
 * Every action is written to the queue first (the screen shows it at once), then sent in order.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { store, send } = options;
  const isOnline = options.isOnline ?? defaultIsOnline;
  const random = options.random ?? Math.random;
  /** `undefined` = every action (no owner function); `null` = signed out (nothing to send). */
  const owner = (): number | null | undefined => options.owner?.() ?? (options.owner ? null : undefined);
  const listeners = new Set<() => void>();
  let snapshot: OutboxSnapshot = { pending: 0, actions: [], recent: [], trips: {}, rejected: [] };
  let recent: SentAction[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | null = null;
  let requested = false;
  let forced = false;

  type Waiter = { sent: (data: unknown) => void; refused: (error: unknown) => void; queued: () => void };
  /** Callers of `submit` still waiting for their action's first answer, by action id. */
  const waiters = new Map<string, Waiter>();

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
      if (current === null) {
        snapshot = { pending: 0, actions: [], recent: [], trips: {}, rejected: [] };
      } else {
        const actions = await store.list(current);
        snapshot = {
          pending: actions.length,
          actions,
          recent: recent.filter((item) => current === undefined || item.action.userId === current),
          trips: await store.trips(),
          rejected: await store.rejected(current),
        };
      }
    } catch {
      return;
    }
    for (const listener of listeners) listener();
  }

  function schedule(delay: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  /** Positions are not shown as actions: only the taps are remembered (a backlog never pushes them out). */
  function remember(action: QueuedAction): void {
    if (isQuietAction(action)) return;
    recent = [...recent, { action, sentAt: Date.now() }].slice(-RECENT_LIMIT);
  }

  async function submit<T>(
    action: FieldAction,
    submitOptions: SubmitOptions = {},
  ): Promise<FieldActionResult<T>> {
    const id = typeof action.body.actionId === "string" ? action.body.actionId : newActionId();
    const request: FieldAction = { ...action, body: { ...action.body, actionId: id } };
    const waitMs = submitOptions.waitMs ?? SUBMIT_WAIT_MS;
    let ahead: number;
    try {
      // Not behind a send in progress (a stalled connection can hold one for seconds): the queue's
      // order is IndexedDB's auto-increment key, so the tap is written, and shown, at once.
      ahead = await store.count(owner() ?? undefined);
      const now = Date.now();
      await store.add({
        ...request,
        id,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        userId: owner() ?? undefined,
      });
    } catch {
      // No IndexedDB (e.g. a private window that refuses it): plain direct send.
      return { status: "sent", data: (await send(await withTrip(request))) as T };
    }
    await refresh();
    if (ahead > 0 || !isOnline() || waitMs <= 0) {
      void flush();
      return { status: "queued" };
    }
    const answer = new Promise<FieldActionResult<T>>((resolve, reject) => {
      const queued = () => resolve({ status: "queued" });
      waiters.set(id, {
        sent: (data) => resolve({ status: "sent", data: data as T }),
        refused: reject,
        queued,
      });
      setTimeout(() => waiters.delete(id) && queued(), waitMs);
    });
    void flush();
    return answer;
  }

  /** The action as the server receives it: an action of a trip started offline gets the trip's id. */
  async function withTrip(action: FieldAction): Promise<FieldAction> {
    if (!action.tripRef) return action;
    const tripId = resolveTripRef(action.tripRef, await store.trips());
    return { ...action, body: { ...action.body, intermediateRouteId: tripId } };
  }

  /** The caller of `submit` if it still waits for this action's answer (it then shows the outcome). */
  function takeWaiter(id: string): Waiter | undefined {
    const waiter = waiters.get(id);
    waiters.delete(id);
    return waiter;
  }

  type Step = "done" | "next";
  type Outcome = { ok: true; data: unknown } | { ok: false; error: unknown; elapsedMs: number };
  /** Actions whose last send hung (no answer for {@link BACKOFF_HUNG_MS}): the dead zone's signature. */
  const hung = new Set<string>();

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
    const batch = options.sendBatch ? await batchFrom(current ?? undefined) : [];
    if (batch.length > 1) {
      const sent = await sendTogether(batch);
      if (sent !== "refused") return sent;
    }
    let outcome: Outcome;
    const began = Date.now();
    try {
      outcome = { ok: true, data: await send(await withTrip(action)) };
    } catch (error) {
      outcome = { ok: false, error, elapsedMs: Date.now() - began };
    }
    return settle(action, outcome);
  }

  /**
   * The queue's head and what follows it, ready to go together: up to {@link BATCH_MAX}, cut before
   * an action whose trip is not known yet (its Start goes first and its answer names the trip).
   */
  async function batchFrom(
    current: number | undefined,
  ): Promise<{ queued: QueuedAction; sent: FieldAction }[]> {
    const queue = (await store.list(current)).slice(0, BATCH_MAX);
    const trips = await store.trips();
    const batch: { queued: QueuedAction; sent: FieldAction }[] = [];
    for (const queued of queue) {
      if (queued.tripRef && typeof trips[queued.tripRef] !== "number") break;
      batch.push({ queued, sent: await withTrip(queued) });
    }
    return batch;
  }

  /**
   * Sends the batch in one request and settles each answer in order, as if sent one by one.
   * "refused": the server refused the batch as a whole (e.g. an older server without the batch
   * route): the head then goes alone, as before.
   */
  async function sendTogether(
    batch: { queued: QueuedAction; sent: FieldAction }[],
  ): Promise<Step | "refused"> {
    const head = batch[0] as { queued: QueuedAction };
    let answers: BatchAnswer[];
    const began = Date.now();
    try {
      answers = await (options.sendBatch as NonNullable<OutboxOptions["sendBatch"]>)(
        batch.map((item) => item.sent),
      );
    } catch (error) {
      if (classifySendError(error).kind === "rejected") return "refused";
      return settle(head.queued, { ok: false, error, elapsedMs: Date.now() - began });
    }
    // No answer at all (never sent by the server): as a send without answer, retried after its wait.
    if (answers.length === 0)
      return settle(head.queued, { ok: false, error: new Error("lote sin respuestas"), elapsedMs: 0 });
    for (const [index, answer] of answers.entries()) {
      const item = batch[index];
      if (!item) break;
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      const next = await settle(
        item.queued,
        ok ? { ok, data: answer.body } : { ok, error: answerError(answer), elapsedMs: 0 },
      );
      if (next === "done") return "done";
    }
    return "next";
  }

  /** What one answer means for its action: taken, refused for good ("next"), or retried later ("done"). */
  async function settle(action: QueuedAction, outcome: Outcome): Promise<Step> {
    const hungBefore = hung.delete(action.id);
    if (outcome.ok) {
      const { data } = outcome;
      const tripId = tripIdOfAnswer(action, data);
      if (tripId !== undefined) await store.setTrip(action.id, tripId);
      await store.remove(action);
      remember(action);
      const waiter = takeWaiter(action.id);
      if (waiter) {
        await refresh();
        waiter.sent(data);
      }
      return "next";
    }
    const { error } = outcome;
    const classified = classifySendError(error, action.path);
    if (classified.kind === "rejected") {
      if (action.path.endsWith("/Start")) await store.setTrip(action.id, null);
      const waiter = takeWaiter(action.id);
      // A refusal that repeats what the server already holds (a second scan of a boarded rider,
      // an End of a finished trip) keeps showing it, like an accepted action.
      const applied = alreadyApplied(action, classified);
      if (waiter) {
        // The caller still waits: it shows the server's answer itself.
        await store.remove(action);
        if (applied) remember(action);
        await refresh();
        waiter.refused(error);
      } else if (applied || isQuietAction(action)) {
        // Nothing for the driver to act on: no "No se registró" banner.
        await store.remove(action);
        if (applied) remember(action);
      } else {
        await store.reject(action, rejectedFrom(action, classified.status, classified.message));
      }
      return "next";
    }
    const attempts = action.attempts + 1;
    // A send that hung, then one that broke before its timeout (no status): the connection was cut
    // as the signal came back (a NAT or the carrier resetting it). Tried again at once, once per hang.
    const broke = outcome.elapsedMs < BACKOFF_HUNG_MS && getErrorStatus(error) === null;
    const delay = hungBefore && broke ? RETRY_AFTER_HANG_MS : backoffDelay(attempts, random);
    if (outcome.elapsedMs >= BACKOFF_HUNG_MS) hung.add(action.id);
    await store.update({ ...action, attempts, nextAttemptAt: Date.now() + delay });
    // No answer: the caller shows the action as kept on the phone without waiting any longer.
    takeWaiter(action.id)?.queued();
    schedule(delay);
    return "done";
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
  const { attempts: _attempts, nextAttemptAt: _next, seq: _seq, ...kept } = action;
  return { ...kept, rejectedAt: Date.now(), status, message };
}
