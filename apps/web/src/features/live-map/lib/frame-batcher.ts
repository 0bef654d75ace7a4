export type FrameScheduler = (callback: () => void) => number;
export type FrameCanceller = (handle: number) => void;

export interface FrameBatcher<K, V> {
  /** Queues the latest value of `key`; a later push of the same key in the same frame replaces it. */
  push(key: K, value: V): void;
  /** Applies what is queued now (used by tests and on unmount). */
  flush(): void;
  /** Drops what is queued and cancels the pending frame. */
  dispose(): void;
  /** How many keys wait for the next frame. */
  readonly size: number;
}

const defaultSchedule: FrameScheduler = (callback) =>
  typeof requestAnimationFrame === "function"
    ? requestAnimationFrame(() => callback())
    : (setTimeout(callback, 16) as unknown as number);

const defaultCancel: FrameCanceller = (handle) => {
  if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(handle);
  else clearTimeout(handle);
};

/**
 * Collects updates between two animation frames and applies them once per frame, keeping only the
 * last value per key: 2,000 drivers reporting in bursts cost one redraw per frame, not one per
 * message, and a marker never jumps through stale positions.
 */
export function createFrameBatcher<K, V>(
  apply: (batch: Map<K, V>) => void,
  schedule: FrameScheduler = defaultSchedule,
  cancel: FrameCanceller = defaultCancel,
): FrameBatcher<K, V> {
  let pending = new Map<K, V>();
  let handle: number | null = null;

  const flush = () => {
    if (handle !== null) {
      cancel(handle);
      handle = null;
    }
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    apply(batch);
  };

  return {
    push(key, value) {
      pending.set(key, value);
      if (handle === null) {
        handle = schedule(() => {
          handle = null;
          flush();
        });
      }
    },
    flush,
    dispose() {
      if (handle !== null) cancel(handle);
      handle = null;
      pending = new Map();
    },
    get size() {
      return pending.size;
    },
  };
}
