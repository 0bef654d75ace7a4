import {
  BEFORE_TRIP_START_MESSAGE,
  DEVICE_TIME_TOLERANCE_MS,
  IN_THE_FUTURE_MESSAGE,
} from "@treiber/contract";
import { badRequest } from "./http-error.js";

/**
 * When a field action happened: the device's time when it sent one (an action queued offline),
 * else the server's now. A device time is accepted from `notBefore` (the trip's start, or its last
 * boarding for an End) to the server's now, each widened by {@link DEVICE_TIME_TOLERANCE_MS} for
 * clock drift, and clamped into that range; outside it the call is refused with a 400
 * (docs/decisions/0017-offline-action-times.md).
 */
export function deviceTime(
  value: string | undefined,
  bounds: { field: string; notBefore: Date; beforeMessage?: string },
  now = Date.now(),
): Date {
  if (value === undefined) return new Date(now);
  const at = Date.parse(value);
  const notBefore = bounds.notBefore.getTime();
  if (at < notBefore - DEVICE_TIME_TOLERANCE_MS) {
    const message = bounds.beforeMessage ?? BEFORE_TRIP_START_MESSAGE;
    throw badRequest(message, { [bounds.field]: message });
  }
  if (at > now + DEVICE_TIME_TOLERANCE_MS) {
    throw badRequest(IN_THE_FUTURE_MESSAGE, { [bounds.field]: IN_THE_FUTURE_MESSAGE });
  }
  return new Date(Math.max(notBefore, Math.min(at, now)));
}
