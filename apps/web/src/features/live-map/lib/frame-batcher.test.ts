import { describe, expect, it, vi } from "vitest";
import { createFrameBatcher } from "./frame-batcher";

function fakeFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  return {
    schedule: vi.fn((callback: () => void) => {
      const handle = next++;
      callbacks.set(handle, callback);
      return handle;
    }),
    cancel: vi.fn((handle: number) => {
      callbacks.delete(handle);
    }),
    /** Runs the frames scheduled so far. */
    tick() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
    get pending() {
      return callbacks.size;
    },
  };
}

describe("createFrameBatcher", () => {
  it("applies many updates once per frame, keeping the last value per key", () => {
    const frames = fakeFrames();
    const apply = vi.fn();
    const batcher = createFrameBatcher<number, [number, number]>(apply, frames.schedule, frames.cancel);

    for (let i = 0; i < 2_000; i++) batcher.push(i, [18, -69]);
    batcher.push(7, [19, -70]);
    batcher.push(7, [19.5, -70.5]);

    expect(frames.schedule).toHaveBeenCalledTimes(1);
    expect(apply).not.toHaveBeenCalled();
    expect(batcher.size).toBe(2_000);

    frames.tick();
    expect(apply).toHaveBeenCalledTimes(1);
    const batch = apply.mock.calls[0]?.[0] as Map<number, [number, number]>;
    expect(batch.size).toBe(2_000);
    expect(batch.get(7)).toEqual([19.5, -70.5]);
    expect(batcher.size).toBe(0);
  });

  it("schedules a new frame only when updates arrive after a flush", () => {
    const frames = fakeFrames();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, frames.schedule, frames.cancel);

    frames.tick();
    expect(apply).not.toHaveBeenCalled();

    batcher.push("a", 1);
    frames.tick();
    batcher.push("a", 2);
    batcher.push("b", 3);
    frames.tick();

    expect(frames.schedule).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenCalledTimes(2);
    expect([...(apply.mock.calls[1]?.[0] as Map<string, number>).entries()]).toEqual([
      ["a", 2],
      ["b", 3],
    ]);
  });

  it("flush applies at once and cancels the pending frame", () => {
    const frames = fakeFrames();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, frames.schedule, frames.cancel);

    batcher.push("a", 1);
    batcher.flush();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(frames.cancel).toHaveBeenCalledTimes(1);
    expect(frames.pending).toBe(0);

    batcher.flush();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("dispose drops queued updates", () => {
    const frames = fakeFrames();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string, number>(apply, frames.schedule, frames.cancel);

    batcher.push("a", 1);
    batcher.dispose();
    frames.tick();
    expect(apply).not.toHaveBeenCalled();
    expect(batcher.size).toBe(0);
  });
});
