import {
  COMPANY_DEFAULT_SECONDS,
  type CompanyPlan,
  type CompanyPlanInput,
  type CompanyPlanPart,
  MAX_PLANNING_VEHICLES,
  type PlanningProposal,
} from "@treiber/contract";
import { defaultSeconds } from "@treiber/planner";
import type { Db } from "../../../db/client.js";
import { type BranchOfficeTime, branchOfficeTime } from "../../../lib/branch-office-time.js";
import { type ProposeOptions, proposeForShift } from "../propose-for-shift.js";
import { PlanningCancelledError } from "../solve-in-worker.js";
import { chainCompanyRuns } from "./company-chains.js";
import { type CompanyPart, companyDrivers, companyShifts, partsOfShift } from "./company-parts.js";

/** Shortest search of one proposal, seconds. */
const MIN_PART_SECONDS = 0.5;

/**
 * Each proposal's share of the search time: the budget split by riders, never more than the
 * planner would take alone for that many riders, never less than MIN_PART_SECONDS.
 */
export function partSeconds(riders: number[], budget: number): number[] {
  const total = riders.reduce((sum, count) => sum + count, 0);
  return riders.map((count) =>
    Math.max(MIN_PART_SECONDS, Math.min(defaultSeconds(count), total > 0 ? (budget * count) / total : 0)),
  );
}

async function allParts(db: Db, input: CompanyPlanInput, time: BranchOfficeTime, notes: string[]) {
  const shifts = await companyShifts(db, input.branchOfficeId, input.shiftIds);
  const parts: CompanyPart[] = [];
  for (const shift of shifts) parts.push(...(await partsOfShift(db, shift, time, notes)));
  return parts;
}

const describePart = (part: CompanyPart, proposal: PlanningProposal): CompanyPlanPart => ({
  shiftId: part.shift.id,
  shiftName: part.shift.name,
  direction: part.shift.direction,
  shiftTime: part.shift.time,
  destinationId: part.destinationId,
  destinationName: part.destinationName,
  proposal,
});

const sum = (parts: CompanyPlanPart[], of: (proposal: PlanningProposal) => number) =>
  parts.reduce((total, part) => total + of(part.proposal), 0);

/**
 * «Toda la sucursal» (issue 36, items 3 and 5): a proposal for every shift asked for and workplace
 * its riders go to (proposeForShift, one after the other on the caller's planner place, the search
 * time split by riders, the pool of drivers offered to each), then every run chained per vehicle
 * (chainRuns): a driver does several runs within the working span, with a rest between them. The
 * chains say which driver does each run; a proposal's own driver is only its preference.
 * Nothing is saved. Cancelling (`signal`) stops between proposals or inside one.
 */
export async function proposeCompany(
  db: Db,
  input: CompanyPlanInput,
  options: ProposeOptions = {},
): Promise<CompanyPlan> {
  const notes: string[] = [];
  const time = options.time ?? branchOfficeTime();
  const parts = await allParts(db, input, time, notes);
  const drivers = await companyDrivers(db, input.driverIds, MAX_PLANNING_VEHICLES, {
    today: time.serviceDay(Date.now()),
    notes,
  });
  const seconds = partSeconds(
    parts.map((part) => part.employeeIds.length),
    input.seconds ?? COMPANY_DEFAULT_SECONDS,
  );
  const solved: CompanyPlanPart[] = [];
  for (const [index, part] of parts.entries()) {
    if (options.signal?.aborted) throw new PlanningCancelledError();
    const proposal = await proposeForShift(
      db,
      {
        shiftId: part.shift.id,
        destinationId: part.destinationId,
        employeeIds: part.employeeIds,
        driverIds: drivers.map((driver) => driver.driverId),
        walkRadiusMeters: input.walkRadiusMeters,
        serviceMinutes: input.serviceMinutes,
        maxRideMinutes: input.maxRideMinutes,
        seconds: seconds[index],
      },
      { ...options, time },
    );
    solved.push(describePart(part, proposal));
  }
  if (options.signal?.aborted) throw new PlanningCancelledError();
  const { runs, result, chains, unchained } = chainCompanyRuns(solved, drivers, input);
  const km = sum(solved, (proposal) => proposal.figures.km);
  return {
    parts: solved,
    chains,
    unchained,
    totals: {
      runs: runs.length,
      vehiclesChained: result.totals.vehiclesUsed,
      vehiclesOnePerRun: result.totals.oneVehiclePerRun,
      km: Math.round(km * 10) / 10,
      deadheadKm: Math.round(result.totals.deadheadKm * 10) / 10,
      cost: Math.round(sum(solved, (proposal) => proposal.figures.cost) * 100) / 100,
      riders: sum(solved, (proposal) => proposal.figures.riders),
      unassigned: sum(solved, (proposal) => proposal.unassigned.length),
      runsWithoutVehicle: unchained.length,
      workSpreadMinutes: Math.round(result.totals.workSpreadSeconds / 60),
    },
    notes,
    seconds: Math.round(sum(solved, (proposal) => proposal.seconds) * 100) / 100,
  };
}
