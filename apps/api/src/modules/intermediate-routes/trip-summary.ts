import type { Db, Tx } from "../../db/client.js";
import { notFound } from "../../lib/http-error.js";
import { TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTrip } from "../trips/trip-repository.js";
import { toTripSummary } from "../trips/trip-rows.js";

/** A trip as the lists and the Start / End answers show it; 404 when there is none. */
export async function tripSummary(conn: Db | Tx, id: number) {
  const row = await findTrip(conn, id);
  if (!row) throw notFound(TRIP_NOT_FOUND);
  return toTripSummary(row);
}
