import { asc } from "drizzle-orm";
import { type CatalogFilter, catalogNameLike, listCatalog } from "../../db/catalog-list.js";
import { catalogRows } from "../../db/catalog-rows.js";
import type { Db } from "../../db/client.js";
import { destinations } from "../../db/schema.js";

export type DestinationValues = {
  name: string;
  description: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

const writes = catalogRows(destinations);
export const insertDestination = writes.insert;
/** Updates the destination; undefined when it does not exist. */
export const updateDestination = writes.update;

export function listDestinations(db: Db, filter: CatalogFilter) {
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
    .where(catalogNameLike(destinations, criterion))
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
