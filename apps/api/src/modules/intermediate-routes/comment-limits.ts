import {
  TRIP_COMMENTS_PER_HOUR,
  TRIP_COMMENTS_PER_TRIP,
  TRIP_COMMENTS_PER_TRIP_MESSAGE,
} from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import { conflict, tooManyRequests } from "../../lib/http-error.js";
import { commentCountOnTrip, latestCommentTimes } from "./trip-comment-repository.js";

const HOUR_MS = 60 * 60_000;

/** «… Podrá comentar de nuevo en 12 minutos.» (seconds under a minute). */
export function tooManyCommentsMessage(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? "segundo" : "segundos"}`
      : `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  return `Envió ${TRIP_COMMENTS_PER_HOUR} comentarios en la última hora. Podrá comentar de nuevo en ${wait}.`;
}

/**
 * A collaborator comments at most TRIP_COMMENTS_PER_TRIP times on one trip and
 * TRIP_COMMENTS_PER_HOUR times in any hour: each comment notifies every admin. The trip's limit is
 * for good, so it is a 409 (Treiber App's outbox drops it; a 429 would be retried forever and hold
 * back the actions queued behind it); the hour's is a 429 whose `retryAfter` is the time until the
 * oldest of those comments is an hour old. Call it with the collaborator's comments serialized
 * (`lockCommenting`), so that the counts are exact.
 */
export async function assertMayComment(tx: Tx, employeeId: number, tripId: number, now = Date.now()) {
  if ((await commentCountOnTrip(tx, tripId, employeeId)) >= TRIP_COMMENTS_PER_TRIP) {
    throw conflict(TRIP_COMMENTS_PER_TRIP_MESSAGE);
  }
  const recent = await latestCommentTimes(tx, employeeId, new Date(now - HOUR_MS), TRIP_COMMENTS_PER_HOUR);
  const oldest = recent[TRIP_COMMENTS_PER_HOUR - 1];
  if (oldest) {
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now) / 1000));
    throw Object.assign(tooManyRequests(tooManyCommentsMessage(seconds)), { retryAfter: seconds });
  }
}
