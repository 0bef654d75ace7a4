import {
  type CompanyChain,
  type CompanyPlan,
  type CompanyPlanInput,
  formatTimeOfDay,
  minutesOfDay,
  type PlanningProposal,
  scheduleStops,
  straightKm,
  TRAVEL_DEFAULTS,
  type TravelPoint,
} from "@treiber/contract";
import { type ChainRun, type ChainRunsResult, chainRuns, type TravelLeg } from "@treiber/planner";
import type { DriverRow } from "../planning-repository.js";

/** Seats the planner counts for one vehicle at most (as propose-for-shift). */
const MAX_SEATS = 120;

/** A proposal with the shift and workplace it is for. */
export type SolvedPart = {
  shiftId: number;
  destinationId: number;
  proposal: PlanningProposal;
};

type RunFacts = Omit<CompanyPlan["unchained"][number], "reason"> & { riders: number; run: ChainRun };

const round1 = (value: number) => Math.round(value * 10) / 10;
const clock = (seconds: number) => formatTimeOfDay(seconds / 60);

/**
 * The runs of the proposals: each route with riders, from its first stop to the workplace arrival
 * (inbound) or from leaving the workplace to its last drop (outbound), on the shared schedule.
 * Places are indices into `points`.
 */
export function runsOf(parts: SolvedPart[]) {
  const points: TravelPoint[] = [];
  const place = (point: TravelPoint) => points.push(point) - 1;
  const runs: RunFacts[] = [];
  for (const part of parts) {
    const { params } = part.proposal;
    const workplace = place(params.workplace);
    for (const route of part.proposal.routes) {
      const riders = route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);
      const first = route.stops[0];
      const last = route.stops[route.stops.length - 1];
      if (riders === 0 || !first || !last) continue;
      const schedule = scheduleStops(route.stops, params);
      const shift = minutesOfDay(params.shiftTime) * 60;
      const inbound = params.direction === "inbound";
      const start = inbound ? (schedule.stops[0]?.at ?? 0) * 60 : shift;
      const end = inbound ? shift : (schedule.stops[schedule.stops.length - 1]?.at ?? 0) * 60;
      const runId = `${part.shiftId}:${part.destinationId}:${route.key}`;
      const run: ChainRun = {
        id: runId,
        start,
        end: Math.max(start, end),
        startLocation: inbound ? place(first) : workplace,
        endLocation: inbound ? workplace : place(last),
        seats: riders,
        ...(route.driverId !== null ? { preferredVehicleId: String(route.driverId) } : {}),
      };
      const facts = { runId, shiftId: part.shiftId, destinationId: part.destinationId, routeKey: route.key };
      runs.push({ ...facts, routeName: route.name, start: clock(start), end: clock(end), riders, run });
    }
  }
  return { points, runs };
}

/**
 * Empty drives on the travel model (straight km × circuity at the speed): the slowest speed and
 * the largest circuity of the proposals, so a chain never counts on a faster drive than its runs'.
 */
export function deadheadTravel(parts: SolvedPart[], points: TravelPoint[]) {
  const params = parts.map((part) => part.proposal.params);
  const speedKmh =
    params.length > 0 ? Math.min(...params.map((p) => p.speedKmh)) : TRAVEL_DEFAULTS.offPeakSpeedKmh;
  const circuity = params.length > 0 ? Math.max(...params.map((p) => p.circuity)) : TRAVEL_DEFAULTS.circuity;
  return (from: number, to: number): TravelLeg => {
    const km = straightKm(points[from] as TravelPoint, points[to] as TravelPoint) * circuity;
    return { seconds: Math.round((km / speedKmh) * 3600), metres: Math.round(km * 1000) };
  };
}

/** The runs chained per vehicle of the pool (chainRuns, @treiber/planner). */
export function chainCompanyRuns(parts: SolvedPart[], drivers: DriverRow[], input: CompanyPlanInput) {
  const { points, runs } = runsOf(parts);
  const vehicles = drivers.map((driver) => ({
    id: String(driver.driverId),
    capacity: Math.min(MAX_SEATS, driver.seats ?? 0),
  }));
  const result: ChainRunsResult =
    runs.length === 0
      ? {
          chains: [],
          unassigned: [],
          totals: {
            vehiclesUsed: 0,
            runsChained: 0,
            oneVehiclePerRun: 0,
            deadheadMetres: 0,
            deadheadKm: 0,
            workSpreadSeconds: 0,
          },
        }
      : chainRuns({
          runs: runs.map((facts) => facts.run),
          vehicles,
          travel: deadheadTravel(parts, points),
          options: {
            minRestMinutes: input.minRestMinutes,
            maxSpanMinutes: input.maxSpanMinutes,
            balance: input.balance,
          },
        });
  return { runs, result, ...describeChains(result, runs, drivers) };
}

function describeChains(result: ChainRunsResult, runs: RunFacts[], drivers: DriverRow[]) {
  const runById = new Map(runs.map((facts) => [facts.runId, facts]));
  const driverById = new Map(drivers.map((driver) => [String(driver.driverId), driver]));
  const strip = ({ run: _run, riders: _riders, ...facts }: RunFacts) => facts;
  const chains = result.chains.map((chain): CompanyChain => {
    const driver = driverById.get(chain.vehicleId) as DriverRow;
    return {
      driverId: driver.driverId,
      driverName: `${driver.name} ${driver.lastname}`,
      vehiclePlate: driver.vehiclePlate,
      seats: driver.seats ?? 0,
      runs: chain.runs.map((chained) => {
        const facts = runById.get(chained.runId) as RunFacts;
        return {
          ...strip(facts),
          riders: facts.riders,
          deadheadKm: round1(chained.deadheadMetres / 1000),
          deadheadMinutes: Math.round(chained.deadheadSeconds / 60),
          restMinutes: Math.round(chained.restSeconds / 60),
        };
      }),
      deadheadKm: round1(chain.deadheadMetres / 1000),
      spanMinutes: Math.round(chain.spanSeconds / 60),
      workMinutes: Math.round(chain.workSeconds / 60),
    };
  });
  const unchained = result.unassigned.map((entry) => ({
    ...strip(runById.get(entry.runId) as RunFacts),
    reason: entry.message,
  }));
  return { chains, unchained };
}
