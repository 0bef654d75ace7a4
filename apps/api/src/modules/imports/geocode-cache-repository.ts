/** The geocoder's answers by folded address (issue 24): a miss is kept too, with a null point. */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { geocodeCache } from "../../db/schema.js";
import { chunks } from "./import-accounts-repository.js";

export type GeocodeAnswer = {
  latitude: number | null;
  longitude: number | null;
  confidence: number | null;
  label: string | null;
};

export async function findGeocodes(db: Db, keys: readonly string[]) {
  const found = new Map<string, GeocodeAnswer>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db.select().from(geocodeCache).where(inArray(geocodeCache.addressKey, part));
    for (const { addressKey, createdAt: _, ...answer } of rows) found.set(addressKey, answer);
  }
  return found;
}

export async function saveGeocodes(db: Db, answers: readonly (GeocodeAnswer & { addressKey: string })[]) {
  for (const part of chunks(answers)) {
    await db.insert(geocodeCache).values(part).onConflictDoNothing();
  }
}
