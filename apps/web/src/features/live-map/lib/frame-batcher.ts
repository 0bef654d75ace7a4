export type FrameScheduler = (callback: () => void) => number;
export type FrameCanceller = (handle: number) => void;

export interface FrameBatcherOptions {
  /** `requestAnimationFrame` by default. */
  requestFrame?: FrameScheduler;
  cancelFrame?: FrameCanceller;
  /** Minimum time between two flushes (ms); 0 flushes on the next frame. */
  minIntervalMs?: number;
  /** `setTimeout` / `clearTimeout` / `performance.now` by default (injectable for tests). */
  setTimer?: (callback: () => void, ms: number) => number;
  clearTimer?: (handle: number) => void;
  now?: () => number;
}

export interface FrameBatcher<K, V> {
  /** Queues the latest value of `key`; a later push of the same key before the flush replaces it. */
  push(key: K, value: V): void;
  /** Applies what is queued now (used by tests and on unmount). */
  flush(): void;
  /** Drops what is queued and cancels the pending frame. */
  dispose(): void;
  /** How many keys wait for the next flush. */
  readonly size: number;
}

const defaultRequestFrame: FrameScheduler = (callback) =>
  typeof requestAnimationFrame === "function"
    ? requestAnimationFrame(() => callback())
    : (setTimeout(callback, 16) as unknown as number);

const defaultCancelFrame: FrameCanceller = (handle) => {
  if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(handle);
  else clearTimeout(handle);
};

/**
 * Collects updates and applies them together in an animation frame, keeping only the last value
 * per key, at most once every `minIntervalMs`: 2,000 drivers reporting in bursts cost a few
 * redraws per second, not one per message, and a marker never jumps through stale positions.
 */
export function createFrameBatcher<K, V>(
  apply: (batch: Map<K, V>) => void,
  options: FrameBatcherOptions = {},
): FrameBatcher<K, V> {
  const requestFrame = options.requestFrame ?? defaultRequestFrame;
  const cancelFrame = options.cancelFrame ?? defaultCancelFrame;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms) as unknown as number);
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle));
  const now = options.now ?? (() => performance.now());
  const minIntervalMs = options.minIntervalMs ?? 0;

  let pending = new Map<K, V>();
  let frame: number | null = null;
  let timer: number | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const cancel = () => {
    if (frame !== null) cancelFrame(frame);
    if (timer !== null) clearTimer(timer);
    frame = null;
    timer = null;
  };

  const flush = () => {
    cancel();
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    lastFlush = now();
    apply(batch);
  };

  const onFrame = () => {
    frame = null;
    flush();
  };

  return {
    push(key, value) {
      pending.set(key, value);
      if (frame !== null || timer !== null) return;
      const wait = lastFlush + minIntervalMs - now();
      if (wait > 0) {
        timer = setTimer(() => {
          timer = null;
          frame = requestFrame(onFrame);
        }, wait);
      } else {
        frame = requestFrame(onFrame);
      }
    },
    flush,
    dispose() {
      cancel();
      pending = new Map();
    },
    get size() {
      return pending.size;
    },
  };
}
