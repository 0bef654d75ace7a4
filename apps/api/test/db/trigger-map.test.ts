import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tx } from "../../src/db/client.js";
import { branchOffices, drivers, employees, routes, suppliers } from "../../src/db/schema.js";
import { insertCutFreezingTrips } from "../../src/modules/cuts/cut-repository.js";
import { finishTrip, insertTrip } from "../../src/modules/intermediate-routes/trip-lifecycle-repository.js";
import { rowsOf } from "../../src/modules/reports/trip-scope.js";
import {
  insertCancellation,
  upsertBoarding,
} from "../../src/modules/transport-services/transport-services-repository.js";
import { savePositionIn } from "../../src/modules/trip-positions/trip-positions-repository.js";
import { createRider, createSupplierDriver, HOUR } from "../helpers/reporting-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

// Its own database: the writes below make a cut, and cuts tile time across the whole database.
useOwnTestDatabase();

const PAGE = "docs/database.md";
const page = readFileSync(new URL(`../../../../${PAGE}`, import.meta.url), "utf8");

/** The cells of each table row in the page's `## title` section (header and separator left out). */
function tableRows(title: string): string[][] {
  const section = page.split(/^## /m).find((part) => part.startsWith(`${title}\n`));
  if (!section) throw new Error(`${PAGE} no tiene la sección «${title}»`);
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim().replaceAll("`", "")),
    );
  return rows.slice(2);
}

/** `name | table | timing | level | function`, as the page's Triggers table writes them. */
async function databaseTriggers() {
  const { db } = await testDatabase();
  const rows = await rowsOf(
    db,
    sql`select t.tgname as name, t.tgrelid::regclass::text as "table", t.tgtype as type,
      t.tgfoid::regproc::text as function
    from pg_trigger t where not t.tgisinternal`,
  );
  return rows.map((row) => {
    const type = Number(row.type);
    const timing = type & 2 ? "BEFORE" : type & 64 ? "INSTEAD OF" : "AFTER";
    const events = [
      [4, "INSERT"],
      [16, "UPDATE"],
      [8, "DELETE"],
      [32, "TRUNCATE"],
    ] as const;
    const on = events.filter(([bit]) => type & bit).map(([, event]) => event);
    const level = type & 1 ? "fila" : "sentencia";
    return [row.name, row.table, `${timing} ${on.join(" OR ")}`, level, row.function].join(" | ");
  });
}

describe(`${PAGE} lists the triggers the migrated database has`, () => {
  it("every trigger, with its table, timing, level and function, and no other", async () => {
    const inDatabase = await databaseTriggers();
    const onPage = tableRows("Triggers").map((cells) => cells.join(" | "));
    expect(onPage.length, "filas de la tabla «Triggers»").toBeGreaterThan(0);
    expect({
      notOnPage: inDatabase.filter((row) => !onPage.includes(row)).sort(),
      notInDatabase: onPage.filter((row) => !inDatabase.includes(row)).sort(),
    }).toEqual({ notOnPage: [], notInDatabase: [] });
    expect(onPage.length, "una fila por trigger").toBe(new Set(onPage).size);
  });
});

/** Trigger function calls so far in this transaction (track_functions = 'pl'). */
async function triggerCalls(tx: Tx) {
  const [row] = await rowsOf(
    tx,
    sql`select coalesce(sum(s.calls), 0)::int as n from pg_stat_xact_user_functions s
    where s.funcid in (select tgfoid from pg_trigger where not tgisinternal)`,
  );
  return Number(row?.n);
}

describe(`${PAGE}: the trigger firings of each write`, () => {
  it("are the counts PostgreSQL makes for the API's own writes", async () => {
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "10.00" });
    const [ana, beto, carla] = [await createRider(), await createRider(), await createRider()];
    const start = new Date(Date.UTC(2090, 0, 1, 7));
    const measured: { row: string; firings: number[] }[] = [];
    const { db } = await testDatabase();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      const firings = async (write: () => Promise<unknown>) => {
        const before = await triggerCalls(tx);
        await write();
        return (await triggerCalls(tx)) - before;
      };
      const measure = async (row: string, ...writes: (() => Promise<unknown>)[]) => {
        const counts: number[] = [];
        for (const write of writes) counts.push(await firings(write));
        measured.push({ row, firings: counts });
      };
      let tripId = 0;
      await measure("IntermediateRoute/Start", async () => {
        tripId = await insertTrip(tx, {
          routeId: route.id,
          routeNotScheduledId: null,
          driverId: driver.id,
          supplierId: driver.supplierId,
          cost: route.cost,
          startedAt: start,
        });
      });
      await measure("SendGeolocationAt", () =>
        savePositionIn(tx, {
          intermediateRouteId: tripId,
          latitude: 18.47,
          longitude: -69.9,
          recordedAt: new Date(start.getTime() + 60_000),
        }),
      );
      const at = (minutes: number) => ({
        at: new Date(start.getTime() + minutes * 60_000),
        reason: null,
        latitude: null,
        longitude: null,
      });
      await measure(
        "POST /api/v1/TransportService,",
        () => upsertBoarding(tx, tripId, ana.id, { ...at(2), method: "qr" }),
        () => upsertBoarding(tx, tripId, beto.id, { ...at(3), method: "manual", reason: "Sin teléfono" }),
      );
      await measure("TransportService/cancelService", () =>
        insertCancellation(tx, { intermediateRouteId: tripId, employeeId: carla.id, comment: "No viajo" }),
      );
      await measure("IntermediateRoute/End", () =>
        finishTrip(tx, tripId, new Date(start.getTime() + HOUR), undefined),
      );
      await measure("POST /api/v1/Cut", () =>
        insertCutFreezingTrips(tx, {
          since: new Date(start.getTime() - HOUR),
          until: new Date(start.getTime() + 2 * HOUR),
          createdBy: driver.userId,
          gmtOffset: 0,
        }),
      );
      await measure(
        "datos maestros",
        () => tx.update(employees).set({ branchOfficeId: null }).where(eq(employees.id, ana.id)),
        () =>
          tx
            .update(routes)
            .set({ name: `${route.name} 2`, cost: "11.00" })
            .where(eq(routes.id, route.id)),
        () => tx.update(suppliers).set({ name: "Otro proveedor" }).where(eq(suppliers.id, driver.supplierId)),
        () => tx.update(drivers).set({ name: "Otro" }).where(eq(drivers.id, driver.id)),
        () => tx.update(branchOffices).set({ telephone: "809-555-0100" }),
      );
    });

    const rows = tableRows("Qué escrituras los disparan");
    const onPage = rows.map(([operation = "", , firings = ""]) => ({ operation, firings: Number(firings) }));
    const unmeasured = onPage.filter(({ operation }) => !measured.some(({ row }) => operation.includes(row)));
    expect(unmeasured, "filas sin escritura medida").toEqual([]);
    for (const { row, firings } of measured) {
      const line = onPage.filter(({ operation }) => operation.includes(row));
      expect(line.length, `una fila de ${PAGE} para ${row}`).toBe(1);
      for (const count of firings) expect(count, row).toBe(line[0]?.firings);
    }
  });
});
