import { describe, expect, it, vi } from "vitest";
import { createFrameBatcher } from "./frame-batcher";

/** Fake frames, timers and clock. */
function fakeScheduler() {
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  let clock = 0;
  const scheduler = {
    requestFrame: vi.fn((callback: () => void) => {
      const handle = next++;
      frames.set(handle, callback);
      return handle;
    }),
    cancelFrame: vi.fn((handle: number) => {
      frames.delete(handle);
    }),
    setTimer: vi.fn((callback: () => void, ms: number) => {
      const handle = next++;
      timers.set(handle, { at: clock + ms, callback });
      return handle;
    }),
    clearTimer: vi.fn((handle: number) => {
      timers.delete(handle);
    }),
    now: () => clock,
  };
  return {
    scheduler,
    /** Runs the frames requested so far (one animation frame, 16 ms later). */
    tick() {
      clock += 16;
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
    },
    /** Advances the clock, firing due timers. */
    advance(ms: number) {
      clock += ms;
      for (const [handle, timer] of [...timers]) {
        if (timer.at <= clock) {
          timers.delete(handle);
          timer.callback();
        }
      }
    },
    get pendingFrames() {
      return frames.size;
    },
  };
}

describe("createFrameBatcher", () => {
  it("applies many updates once per frame, keeping the last value per key", () => {
    const fake = fakeScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<number, [number, number]>(apply, fake.scheduler);

    for (let i = 0; i < 2_000; i++) batcher.push(i, [18, -69]);
    batcher.push(7, [19, -70]);
    batcher.push(7, [19.5, -70.5]);

    expect(fake.scheduler.requestFrame).toHaveBeenCalledTimes(1);
    expect(apply).not.toHaveBeenCalled();
    expect(batcher.size).toBe(2_000);

    fake.tick();
    expect(apply).toHaveBeenCalledTimes(1);
    const batch = apply.mock.calls[0]?.[0] as Map<number, [number, number]>;
    expect(batch.size).toBe(2_000);
    expect(batch.get(7)).toEqual([19.5, -70.5]);
    expect(batcher.size).toBe(0);
  });

  it("requests a new frame only when updates arrive after a flush", () => {
    const fake = fakeScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, fake.scheduler);

    fake.tick();
    expect(apply).not.toHaveBeenCalled();

    batcher.push("a", 1);
    fake.tick();
    batcher.push("a", 2);
    batcher.push("b", 3);
    fake.tick();

    expect(fake.scheduler.requestFrame).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(Array.from((apply.mock.calls[1]?.[0] as Map<string, number> | undefined) ?? [])).toEqual([
      ["a", 2],
      ["b", 3],
    ]);
  });

  it("keeps at least minIntervalMs between flushes, still flushing in a frame", () => {
    const fake = fakeScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, { ...fake.scheduler, minIntervalMs: 250 });

    batcher.push("a", 1);
    fake.tick(); // first flush right away (t = 16)
    expect(apply).toHaveBeenCalledTimes(1);

    // A burst right after: waits for the interval, then one frame applies all of it.
    for (let i = 0; i < 100; i++) batcher.push(`k${i % 10}`, i);
    expect(fake.pendingFrames).toBe(0);
    fake.advance(200);
    fake.tick();
    expect(apply).toHaveBeenCalledTimes(1);
    fake.advance(50);
    expect(fake.pendingFrames).toBe(1);
    fake.tick();
    expect(apply).toHaveBeenCalledTimes(2);
    expect((apply.mock.calls[1]?.[0] as Map<string, number> | undefined)?.size).toBe(10);
  });

  it("flush applies at once and cancels the pending frame", () => {
    const fake = fakeScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, fake.scheduler);

    batcher.push("a", 1);
    batcher.flush();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(fake.scheduler.cancelFrame).toHaveBeenCalledTimes(1);
    expect(fake.pendingFrames).toBe(0);

    batcher.flush();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("dispose drops queued updates", () => {
    const fake = fakeScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, fake.scheduler);

    batcher.push("a", 1);
    batcher.dispose();
    fake.tick();
    expect(apply).not.toHaveBeenCalled();
    expect(batcher.size).toBe(0);
  });
});
