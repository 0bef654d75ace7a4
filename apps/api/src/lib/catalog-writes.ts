import { type DuplicateMessages, duplicateError } from "./db-errors.js";
import { notFound } from "./http-error.js";

/**
 * Create and update of a catalog record (branch office, supplier, destination): a unique
 * violation answers its 409 (`duplicates`), an update of a missing record a 404.
 */
export function catalogWrites<Values>(options: {
  insert: (values: Values) => Promise<number>;
  update: (id: number, values: Values) => Promise<number | undefined>;
  duplicates: DuplicateMessages;
  notFoundMessage: string;
}) {
  const { duplicates } = options;
  return {
    async create(values: Values) {
      try {
        return { id: await options.insert(values) };
      } catch (error) {
        throw duplicateError(error, duplicates) ?? error;
      }
    },

    async update(id: number, values: Values) {
      let updated: number | undefined;
      try {
        updated = await options.update(id, values);
      } catch (error) {
        throw duplicateError(error, duplicates) ?? error;
      }
      if (updated === undefined) throw notFound(options.notFoundMessage);
      return { id: updated };
    },
  };
}

/** A catalog record's status change: its `{ id }`, or a 404 when there is no such record. */
export const catalogStatusWrite =
  (
    setStatus: (id: number, status: "active" | "inactive") => Promise<number | undefined>,
    notFoundMessage: string,
  ) =>
  async (id: number, status: "active" | "inactive") => {
    const updated = await setStatus(id, status);
    if (updated === undefined) throw notFound(notFoundMessage);
    return { id: updated };
  };
