export type JobTicker = ReturnType<typeof createJobTicker>;

/**
 * The timer of a scheduled job (decision 0033): every `tickMs` (the first tick soon after start,
 * at most 10 s) it runs `run` unless a run is still going or it was stopped; a run's error goes to
 * `onError`. It never keeps the process alive. `stopped()` lets a long run stop at its next batch.
 */
export function createJobTicker(options: {
  tickMs: number;
  run: () => Promise<unknown>;
  onError?: ((error: unknown) => void) | undefined;
}) {
  const { tickMs, run } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  function tick() {
    if (running || stopped) return;
    running = run()
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    /** Whether `stop` was called: a run in progress stops starting new work. */
    stopped: () => stopped,
    /** Ticks every `tickMs`, never keeping the process alive. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      setTimeout(tick, Math.min(tickMs, 10_000)).unref();
    },
    /** Stops ticking and waits for a run in progress. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
