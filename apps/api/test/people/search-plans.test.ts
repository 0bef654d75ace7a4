import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containsPattern } from "../../src/lib/paging.js";
import { driverSearch } from "../../src/modules/drivers/driver-search-sql.js";
import { employeeSearch } from "../../src/modules/employees/employee-search-sql.js";
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

describe("search expressions match the trigram indexes (drizzle/0002)", () => {
  it("employees, drivers and users", async () => {
    expect(await plan(sql`select id from employees where ${employeeSearch("maría")}`)).toContain(
      "employees_search_trgm",
    );
    expect(await plan(sql`select id from drivers where ${driverSearch("001-123")}`)).toContain(
      "drivers_search_trgm",
    );
    expect(await plan(sql`select id from users where email ilike ${containsPattern("prueba")}`)).toContain(
      "users_email_trgm",
    );
  });
});
