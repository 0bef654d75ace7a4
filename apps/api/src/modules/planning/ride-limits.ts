import { PLAN_RIDE_LIMIT_MESSAGE } from "@treiber/contract";
import { badRequest } from "../../lib/http-error.js";
import type { CheckedRoute } from "./validate-plan.js";

/**
 * Refuses (400) a plan with a route whose longest ride, under the travel model it is written with,
 * exceeds the maximum, unless the admin accepted it (`acceptBrokenLimits`, issue 33). The message
 * names each route as the page's warnings do; the errors point at the flag and at each route.
 */
export function checkRideLimits(routes: CheckedRoute[], maxRideMinutes: number, accepted: boolean) {
  if (accepted) return;
  const broken = routes.flatMap((route, index) => {
    const longest = route.schedule.longestRideMinutes;
    if (longest <= maxRideMinutes) return [];
    return [
      {
        field: `routes.${index}.stops`,
        message: `${route.name}: un viaje de ${longest} min supera el máximo de ${maxRideMinutes} min`,
      },
    ];
  });
  if (broken.length === 0) return;
  throw badRequest(`${PLAN_RIDE_LIMIT_MESSAGE}. ${broken.map((item) => item.message).join("; ")}`, {
    acceptBrokenLimits: PLAN_RIDE_LIMIT_MESSAGE,
    ...Object.fromEntries(broken.map((item) => [item.field, item.message])),
  });
}
