import type { DestinationListQuery } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { catalogWrites } from "../../lib/catalog-writes.js";
import type { DuplicateMessages } from "../../lib/db-errors.js";
import { listFilters } from "../../lib/list-filters.js";
import {
  type DestinationValues,
  insertDestination,
  listAllDestinations,
  listDestinationNames,
  listDestinations,
  updateDestination,
} from "./destination-repository.js";

const NOT_FOUND = "Destino no encontrado";
const DUPLICATE_NAME = "Ya existe un destino con este nombre";
/** Most names the `listName` search answers. */
export const DESTINATION_NAME_LIMIT = 20;

const DUPLICATES: DuplicateMessages = { destinations_name_key: ["name", DUPLICATE_NAME] };

export type DestinationService = ReturnType<typeof createDestinationService>;

export function createDestinationService(db: Db) {
  return {
    ...catalogWrites({
      insert: (values: DestinationValues) => insertDestination(db, values),
      update: (id: number, values: DestinationValues) => updateDestination(db, id, values),
      duplicates: DUPLICATES,
      notFoundMessage: NOT_FOUND,
    }),

    async list(query: DestinationListQuery, clock: CallerClock) {
      const { total, rows } = await listDestinations(db, listFilters(query, clock));
      return {
        amount: total,
        list: rows.map(({ createdAt, ...row }) => ({ ...row, createdDate: createdAt.toISOString() })),
      };
    },

    listNames: (criterion: string | undefined) =>
      listDestinationNames(db, criterion || undefined, DESTINATION_NAME_LIMIT),

    listAll: () => listAllDestinations(db),
  };
}
