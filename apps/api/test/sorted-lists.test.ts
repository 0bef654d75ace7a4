import {
  BRANCH_OFFICE_SORT_FIELDS,
  DESTINATION_SORT_FIELDS,
  DRIVER_SORT_FIELDS,
  EMPLOYEE_SORT_FIELDS,
  ROUTE_NOT_SCHEDULED_SORT_FIELDS,
  ROUTE_SORT_FIELDS,
  SORT_MESSAGE,
  SUPPLIER_SORT_FIELDS,
  USER_SORT_FIELDS,
} from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  createUser,
  type SignedIn,
  signedInAs,
  unique,
} from "./helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** Every sortable list and the fields its contract whitelists. */
const SORTED_LISTS: [string, readonly string[]][] = [
  ["BranchOffice/list", BRANCH_OFFICE_SORT_FIELDS],
  ["Employee/list", EMPLOYEE_SORT_FIELDS],
  ["Driver/list", DRIVER_SORT_FIELDS],
  ["User/list", USER_SORT_FIELDS],
  ["Supplier/list", SUPPLIER_SORT_FIELDS],
  ["Destination/list", DESTINATION_SORT_FIELDS],
  ["Route/list", ROUTE_SORT_FIELDS],
  ["RouteNotScheduled/list", ROUTE_NOT_SCHEDULED_SORT_FIELDS],
];

const get = (path: string, query: Record<string, string>) =>
  app.inject({ method: "GET", url: `/api/v1/${path}`, query, headers: admin.headers });

describe("sorted lists", () => {
  it.each(SORTED_LISTS)("%s sorts by each whitelisted field, both ways", async (path, fields) => {
    for (const sortBy of fields) {
      for (const sortOrder of ["asc", "desc"]) {
        const response = await get(path, { sortBy, sortOrder });
        expect(response.statusCode, `${sortBy} ${sortOrder}`).toBe(200);
      }
    }
  });

  it.each(SORTED_LISTS)("%s refuses a field outside its whitelist and an unknown direction", async (path) => {
    for (const sortBy of ["password_hash", "id; drop table users", "name desc, id"]) {
      const response = await get(path, { sortBy });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ sortBy: SORT_MESSAGE });
    }
    const direction = await get(path, { sortBy: fields(path)[0] ?? "name", sortOrder: "sideways" });
    expect(direction.statusCode).toBe(400);
    expect(direction.json().errors).toEqual({ sortOrder: SORT_MESSAGE });
  });

  it("orders branch offices by name both ways, and the total counts every match", async () => {
    const prefix = unique("Orden ");
    for (const letter of ["B", "C", "A"]) await createBranchOffice({ name: `${prefix} ${letter}` });
    const names = async (sortOrder: string) => {
      const response = await get("BranchOffice/list", { criterion: prefix, sortBy: "name", sortOrder });
      const body = response.json() as { amount: number; list: { name: string }[] };
      expect(body.amount).toBe(3);
      return body.list.map((row) => row.name.slice(-1));
    };
    expect(await names("asc")).toEqual(["A", "B", "C"]);
    expect(await names("desc")).toEqual(["C", "B", "A"]);
  });

  it("orders users by e-mail both ways (sorted before the page is joined)", async () => {
    const prefix = unique("orden");
    for (const letter of ["b", "a", "c"]) await createUser({ email: `${prefix}${letter}@prueba.do` });
    const emails = async (sortOrder: string) => {
      const response = await get("User/list", { criterion: prefix, sortBy: "email", sortOrder, amount: "2" });
      const body = response.json() as { amount: number; list: { email: string }[] };
      expect(body.amount).toBe(3);
      return body.list.map((row) => row.email.slice(prefix.length, prefix.length + 1));
    };
    expect(await emails("asc")).toEqual(["a", "b"]);
    expect(await emails("desc")).toEqual(["c", "b"]);
  });

  it("filters suppliers by the local day they were created", async () => {
    const name = unique("Fechado ");
    await createSupplier({ name, createdAt: new Date("2025-01-15T15:00:00Z") });
    const names = async (sinceDate: string, untilDate: string) =>
      (
        (await get("Supplier/list", { criterion: name, sinceDate, untilDate })).json() as {
          list: { name: string }[];
        }
      ).list.map((row) => row.name);
    expect(await names("01/15/2025", "01/15/2025")).toEqual([name]);
    expect(await names("01/16/2025", "01/20/2025")).toEqual([]);
  });
});

function fields(path: string): readonly string[] {
  return SORTED_LISTS.find(([listPath]) => listPath === path)?.[1] ?? [];
}
