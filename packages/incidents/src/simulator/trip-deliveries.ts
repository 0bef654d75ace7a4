import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { TripEvent } from "../types.js";
import type { DrivenTrip } from "./drive-trip.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** One event as the server receives it. */
export type Delivery = { event: TripEvent; receivedAt: number };

/** The start, each position and boarding a second after it happened, and the end. */
export function deliveriesOf(driven: DrivenTrip, startedAt: number): Delivery[] {
  const deliveries: Delivery[] = [{ event: { kind: "start", at: startedAt }, receivedAt: startedAt }];
  for (const position of driven.positions) {
    deliveries.push({ event: { kind: "position", ...position }, receivedAt: position.at + SECOND });
  }
  for (const boarding of driven.boardings) {
    deliveries.push({ event: { kind: "boarding", ...boarding }, receivedAt: boarding.at + SECOND });
  }
  deliveries.push({ event: { kind: "end", at: driven.endedAt }, receivedAt: driven.endedAt });
  return deliveries;
}

/**
 * The phone without signal from `gapStart` to `gapEnd`: what it took then arrives when the gap ends
 * (`replayed`), or its positions are lost. The last position received before the gap (null: none).
 */
export function loseSignal(
  deliveries: Delivery[],
  gapStart: number,
  gapEnd: number,
  replayed: boolean,
): number | null {
  for (let i = deliveries.length - 1; i >= 0; i--) {
    const delivery = deliveries[i] as Delivery;
    if (delivery.receivedAt < gapStart || delivery.receivedAt >= gapEnd) continue;
    if (delivery.event.kind === "position" && !replayed) deliveries.splice(i, 1);
    else delivery.receivedAt = gapEnd;
  }
  let lastBeforeGap: number | null = null;
  for (const delivery of deliveries) {
    if (delivery.event.kind === "position" && delivery.receivedAt < gapStart) {
      lastBeforeGap = Math.max(lastBeforeGap ?? 0, delivery.receivedAt);
    }
  }
  return lastBeforeGap;
}

/** Bad input: ~5 % of positions swapped with the next, ~3 % sent twice, ~1 % sent again 20 min later. */
export function disorder(deliveries: Delivery[], random: SeededRandom): void {
  const extra: Delivery[] = [];
  const positions = deliveries.filter((delivery) => delivery.event.kind === "position");
  positions.sort((a, b) => a.receivedAt - b.receivedAt);
  for (let i = 0; i < positions.length; i++) {
    const delivery = positions[i] as Delivery;
    const next = positions[i + 1];
    if (next && random.chance(0.05)) {
      const swap = delivery.receivedAt;
      delivery.receivedAt = next.receivedAt;
      next.receivedAt = swap;
      i++;
    }
    if (random.chance(0.03)) extra.push({ event: delivery.event, receivedAt: delivery.receivedAt + 1500 });
    if (random.chance(0.01))
      extra.push({ event: delivery.event, receivedAt: delivery.receivedAt + 20 * MINUTE });
  }
  deliveries.push(...extra);
}
