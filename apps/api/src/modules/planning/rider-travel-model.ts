import { PLANNING_DEFAULTS, type RiderTravelModel, shiftTravelModel } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { travelShiftOfTrip } from "./calibration-repository.js";
import type { CalibrationCache } from "./load-calibration.js";

/**
 * How «Mi bus» times a trip's bus (issue 33, decision 0058): the travel model of its route's shift
 * (the override, else the branch office's calibration or the defaults), the one its planned times
 * and the LATE rule use, at the planner's time per stop. A route without a shift has no branch
 * office of its own: the defaults, for the hour of its departure.
 */
export async function riderTravelModel(
  db: Db,
  calibrations: CalibrationCache,
  tripId: number,
): Promise<RiderTravelModel> {
  const shift = await travelShiftOfTrip(db, tripId);
  const time = (shift?.shiftTime ?? shift?.departureTime ?? "12:00").slice(0, 5);
  const calibration = await calibrations.get(shift?.branchOfficeId ?? null);
  const model = shiftTravelModel(
    { time, travelSpeedKmh: shift?.travelSpeedKmh, travelCircuity: shift?.travelCircuity },
    calibration,
  );
  return {
    speedKmh: model.speedKmh,
    circuity: model.circuity,
    serviceMinutes: PLANNING_DEFAULTS.serviceMinutes,
    speedSource: model.speedSource,
  };
}
