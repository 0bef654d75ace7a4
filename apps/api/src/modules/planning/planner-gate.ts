import { PLANNER_BUSY_MESSAGE } from "@treiber/contract";
import { serviceUnavailable } from "../../lib/http-error.js";

/** Proposals planned at once by this process (each takes a core for its whole search). */
export const MAX_CONCURRENT_PROPOSALS = 2;

/** A place taken in the planner; `release` frees it once, however often it is called. */
export type PlannerSlot = { release(): void };

let held = 0;

/**
 * The planner's places, counted from the start of a proposal to its end (not only while its thread
 * solves): a request that finds them taken is answered 503 before it reads anything from the
 * database, instead of loading its scene on the main thread only to be refused afterwards.
 */
export const plannerGate = {
  /** A free place, or undefined when MAX_CONCURRENT_PROPOSALS are taken. */
  tryAcquire(): PlannerSlot | undefined {
    if (held >= MAX_CONCURRENT_PROPOSALS) return undefined;
    held++;
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        held--;
      },
    };
  },
  /** Places taken now (tests and diagnostics). */
  held: () => held,
};

/** Runs `work` holding a place, freed however it ends (answer, error, cancellation); 503 at once without one. */
export async function withPlannerSlot<T>(work: (slot: PlannerSlot) => Promise<T>): Promise<T> {
  const slot = plannerGate.tryAcquire();
  if (!slot) throw serviceUnavailable(PLANNER_BUSY_MESSAGE);
  try {
    return await work(slot);
  } finally {
    slot.release();
  }
}
