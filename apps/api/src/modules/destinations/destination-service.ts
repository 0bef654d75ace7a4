import type { Db } from "../../db/client.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { notFound } from "../../lib/http-error.js";
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
    async create(values: DestinationValues) {
      try {
        return { id: await insertDestination(db, values) };
      } catch (error) {
        throw duplicateError(error, DUPLICATES) ?? error;
      }
    },

    async update(id: number, values: DestinationValues) {
      let updated: number | undefined;
      try {
        updated = await updateDestination(db, id, values);
      } catch (error) {
        throw duplicateError(error, DUPLICATES) ?? error;
      }
      if (updated === undefined) throw notFound(NOT_FOUND);
      return { id: updated };
    },

    async list(query: { amount: number; skip: number; criterion?: string }) {
      const { total, rows } = await listDestinations(db, {
        ...query,
        criterion: query.criterion || undefined,
      });
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
