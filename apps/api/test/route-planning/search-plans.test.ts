import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { employeeSearch } from "../../src/modules/employees/employee-search-sql.js";
import { routeNameSearch } from "../../src/modules/routes/routes-repository.js";
import { testDatabase } from "../helpers/test-app.js";

/** The plan of a query with sequential scans disabled: an index that matches the expression is used. */
async function plan(query: SQL) {
  const { db } = await testDatabase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

describe("route-planning searches match the trigram indexes (drizzle/0002)", () => {
  it("Route/list criterion and the rider picker", async () => {
    expect(await plan(sql`select id from routes where ${routeNameSearch("naco")}`)).toContain(
      "routes_search_trgm",
    );
    expect(await plan(sql`select id from employees where ${employeeSearch("maría")}`)).toContain(
      "employees_search_trgm",
    );
  });
});
