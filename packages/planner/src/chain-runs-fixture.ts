import { SeededRandom } from "@treiber/contract/seeded-random";
import type { ChainRun, ChainRunsInput, ChainVehicle } from "./chain-runs-types.js";

/**
 * A seeded company day for tests and the bench: `places` points on a 30 × 30 km square (place 0 is
 * the depot, places 1–3 workplaces, the rest neighbourhoods), inbound runs neighbourhood → workplace
 * in the morning, a few midday runs, outbound runs workplace → neighbourhood in the afternoon;
 * deadhead at 30 km/h in a straight line. Vehicles of 15, 30 and 50 seats, one per run.
 */
export function randomRunDay(
  seed: number,
  runCount: number,
  options: { zeroTravel?: boolean; places?: number } = {},
): ChainRunsInput {
  const random = new SeededRandom(seed);
  const placeCount = options.places ?? 25;
  const points = Array.from({ length: placeCount }, () => [
    random.between(0, 30000),
    random.between(0, 30000),
  ]);
  const distances = points.map(([ax = 0, ay = 0]) =>
    points.map(([bx = 0, by = 0]) => (options.zeroTravel ? 0 : Math.round(Math.hypot(ax - bx, ay - by)))),
  );
  const durations = distances.map((row) => row.map((metres) => Math.round(metres / 8.33)));
  const runs: ChainRun[] = [];
  for (let i = 0; i < runCount; i++) {
    const kind = random.next();
    const workplace = random.int(1, 3);
    const neighbourhood = random.int(4, placeCount - 1);
    const inbound = kind < 0.45 || (kind >= 0.9 && random.chance(0.5));
    const start =
      kind < 0.45
        ? random.int(5 * 12, 9 * 12) * 300
        : kind < 0.9
          ? random.int(14 * 12, 19 * 12) * 300
          : random.int(10 * 12, 13 * 12) * 300;
    const from = inbound ? neighbourhood : workplace;
    const to = inbound ? workplace : neighbourhood;
    const drive = (durations[from]?.[to] ?? 0) + random.int(10, 40) * 60;
    const seatsDraw = random.next();
    runs.push({
      id: `R${String(i).padStart(3, "0")}`,
      start,
      end: start + drive,
      startLocation: from,
      endLocation: to,
      seats: seatsDraw < 0.5 ? random.int(5, 15) : seatsDraw < 0.85 ? random.int(16, 30) : random.int(31, 50),
    });
  }
  const vehicles: ChainVehicle[] = Array.from({ length: runCount }, (_, v) => ({
    id: `V${String(v).padStart(3, "0")}`,
    capacity: [15, 30, 50][v % 3] as number,
    depot: 0,
    fixedCost: [0, 100, 200][v % 3] as number,
  }));
  return { runs, vehicles, travel: { durations, distances } };
}

/** The most runs under way at one moment (half-open intervals): no plan needs fewer vehicles. */
export function mostRunsAtOnce(runs: readonly ChainRun[]): number {
  const events = runs.flatMap((run) => [
    { at: run.start, delta: 1 },
    { at: run.end, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let most = 0;
  for (const event of events) {
    current += event.delta;
    most = Math.max(most, current);
  }
  return most;
}
