import type { DestinationListQuery } from "@treiber/contract";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { listCatalog } from "../../db/catalog-list.js";
import type { Db } from "../../db/client.js";
import { destinations } from "../../db/schema.js";
import type { SortRequest } from "../../db/sorting.js";
import { containsPattern } from "../../lib/paging.js";

export type DestinationValues = {
  name: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

const searchCondition = (criterion: string | undefined): SQL | undefined =>
  criterion ? sql`search_fold(${destinations.name}) like ${containsPattern(criterion)}` : undefined;

export async function insertDestination(db: Db, values: DestinationValues) {
  const [row] = await db.insert(destinations).values(values).returning({ id: destinations.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Updates the destination; undefined when it does not exist. */
export async function updateDestination(db: Db, id: number, values: DestinationValues) {
  const [row] = await db
    .update(destinations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(destinations.id, id))
    .returning({ id: destinations.id });
  return row?.id;
}

export type DestinationFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
} & SortRequest<NonNullable<DestinationListQuery["sortBy"]>>;

export function listDestinations(db: Db, filter: DestinationFilter) {
  return listCatalog(db, destinations, filter, {
    id: destinations.id,
    name: destinations.name,
    description: destinations.description,
    address: destinations.address,
    latitude: destinations.latitude,
    longitude: destinations.longitude,
    createdAt: destinations.createdAt,
  });
}

/** Up to `limit` names matching the criterion, by name. */
export function listDestinationNames(db: Db, criterion: string | undefined, limit: number) {
  return db
    .select({ id: destinations.id, name: destinations.name })
    .from(destinations)
    .where(searchCondition(criterion))
    .orderBy(asc(destinations.name))
    .limit(limit);
}

export function listAllDestinations(db: Db) {
  return db
    .select({
      id: destinations.id,
      name: destinations.name,
      description: destinations.description,
      latitude: destinations.latitude,
      longitude: destinations.longitude,
    })
    .from(destinations)
    .orderBy(asc(destinations.name));
}
