/**
 * What the live map benchmark measures inside the page, installed before the app's own scripts
 * (addInitScript). A plain string, not a function: tsx's helpers would not exist in the page.
 *
 * - every requestAnimationFrame interval while a phase runs (frames per second, frame times);
 * - long tasks (PerformanceObserver "longtask", > 50 ms on the main thread), clipped to the phase;
 * - calls to CanvasRenderingContext2D.arc: the live map draws each CircleMarker with one arc on
 *   its canvas, so arcs per second show that the canvas really redraws the markers.
 *
 * `window.__mapBench.begin()` starts a phase, `end()` returns its numbers.
 */
export const PAGE_PROBE = `(() => {
  const probe = { running: false, frames: [], last: 0, start: 0, arcs: 0, longTasks: [] };
  const arc = CanvasRenderingContext2D.prototype.arc;
  CanvasRenderingContext2D.prototype.arc = function (...args) {
    probe.arcs++;
    return arc.apply(this, args);
  };
  const tick = (t) => {
    if (probe.running) {
      if (probe.last > 0) probe.frames.push(t - probe.last);
      probe.last = t;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let observer;
  const keep = (entries) => {
    for (const entry of entries) probe.longTasks.push([entry.startTime, entry.duration]);
  };
  try {
    observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: "longtask" });
  } catch {}
  window.__mapBench = {
    supportsLongTasks: observer !== undefined,
    begin() {
      probe.frames = [];
      probe.last = 0;
      probe.arcs = 0;
      probe.longTasks = [];
      probe.start = performance.now();
      probe.running = true;
    },
    end() {
      probe.running = false;
      const end = performance.now();
      if (observer) keep(observer.takeRecords());
      const longTasks = [];
      for (const [startTime, duration] of probe.longTasks) {
        const from = Math.max(startTime, probe.start);
        const to = Math.min(startTime + duration, end);
        if (to > from) longTasks.push(to - from);
      }
      return { wallMs: end - probe.start, frames: probe.frames, arcs: probe.arcs, longTasks };
    },
  };
})();`;

export type ProbeResult = { wallMs: number; frames: number[]; arcs: number; longTasks: number[] };
