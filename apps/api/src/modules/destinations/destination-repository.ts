import type { DestinationListQuery } from "@treiber/contract";
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { destinations } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";

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

export async function listDestinations(db: Db, filter: DestinationFilter) {
  const where = and(
    searchCondition(filter.criterion),
    filter.createdFrom ? gte(destinations.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lt(destinations.createdAt, filter.createdTo) : undefined,
  );
  const { limit, offset } = pageWindow(filter);
  // Count and page are independent: run them side by side (one round trip of latency).
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(destinations).where(where),
    db
      .select({
        id: destinations.id,
        name: destinations.name,
        description: destinations.description,
        address: destinations.address,
        latitude: destinations.latitude,
        longitude: destinations.longitude,
        createdAt: destinations.createdAt,
      })
      .from(destinations)
      .where(where)
      .orderBy(
        ...sortOrder(
          { name: destinations.name, createdDate: destinations.createdAt },
          destinations.id,
          filter,
          [desc(destinations.createdAt), desc(destinations.id)],
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { total: total?.value ?? 0, rows };
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
