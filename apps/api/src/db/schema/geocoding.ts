// Addresses the imports looked up in the geocoder (GEOCODER_URL), so a file uploaded again (the
// preview, then the commit) never asks twice (issue 24).
import { doublePrecision, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

export const geocodeCache = pgTable("geocode_cache", {
  /** The address folded: lower case, no accents (foldSearch), single spaces. */
  addressKey: text("address_key").primaryKey(),
  /** Null when the geocoder found nothing (a miss is remembered too; a failed call is not). */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  /** 0–1, from the match's precision (docs/imports-commit.md). */
  confidence: doublePrecision("confidence"),
  /** The place the geocoder named (`display_name`). */
  label: text("label"),
  createdAt: createdAt(),
});
