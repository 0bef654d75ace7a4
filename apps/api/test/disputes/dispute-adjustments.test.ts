import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  HOUR,
  nextCutStart,
} from "../helpers/reporting-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";
import { call, cutOfTwoSuppliers, getJson, workbookTexts } from "./dispute-scenario.js";

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

/** Opens a dispute as `session` and resolves it as the admin. */
async function disputeResolved(
  session: SignedIn,
  line: { cutId: number; tripId: number },
  claimedAmount: number,
  decision: { decision: "ACCEPTED" | "REJECTED"; amount?: number },
) {
  const opened = await call(app, session, "POST", API.dispute.create.path, {
    cutId: line.cutId,
    intermediateRouteId: line.tripId,
    reason: "Espera de 2 horas no pagada",
    claimedAmount,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const id = opened.json().id as number;
  const resolved = await call(app, admin, "PUT", API.dispute.resolve.path, {
    id,
    note: "Revisado",
    ...decision,
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
  return id;
}

async function adjustmentCutOf(ids: number[]) {
  const { db } = await testDatabase();
  const result = (await db.execute(
    sql`select id, adjustment_cut_id from disputes where id in ${sql`(${sql.join(ids, sql`, `)})`} order by id`,
  )) as unknown as { rows: { id: number; adjustment_cut_id: number | null }[] };
  return Object.fromEntries(result.rows.map((row) => [Number(row.id), row.adjustment_cut_id]));
}

describe("accepted disputes become adjustment lines of the next cut", () => {
  it("exactly once: the next cut carries them in its total and reports; later cuts do not", async () => {
    const first = await cutOfTwoSuppliers(app, admin);
    const userA = await createSupplierUser(app, first.a.supplier.id);
    const userB = await createSupplierUser(app, first.b.supplier.id);
    const acceptedA = await disputeResolved(userA, { cutId: first.cutId, tripId: first.tripA.id }, 12.34, {
      decision: "ACCEPTED",
    });
    const acceptedB = await disputeResolved(userB, { cutId: first.cutId, tripId: first.tripB.id }, 50, {
      decision: "ACCEPTED",
      amount: 7.5,
    });
    const rejected = await disputeResolved(userA, { cutId: first.cutId, tripId: first.tripA2.id }, 9, {
      decision: "REJECTED",
    });
    // The disputed cut stays as it was.
    const before = await getJson(app, admin, `Cut/${first.cutId}`);
    expect(before).toMatchObject({
      trips: 3,
      total: 65,
      openDisputes: 0,
      adjustments: [],
      adjustmentsTotal: 0,
    });

    const second = await cutOfTwoSuppliers(app, admin);
    expect(await adjustmentCutOf([acceptedA, acceptedB, rejected])).toEqual({
      [acceptedA]: second.cutId,
      [acceptedB]: second.cutId,
      [rejected]: null,
    });
    const record = await getJson(app, admin, `Cut/${second.cutId}`);
    // 65.00 of trips + 12.34 + 7.50 of adjustments.
    expect(record).toMatchObject({ trips: 3, total: 84.84, adjustmentsTotal: 19.84 });
    expect(record.adjustments).toEqual([
      {
        disputeId: acceptedA,
        fromCutId: first.cutId,
        intermediateRouteId: first.tripA.id,
        routeName: first.route.name,
        supplierId: first.a.supplier.id,
        supplierName: first.a.supplier.name,
        amount: 12.34,
        note: "Revisado",
      },
      expect.objectContaining({ disputeId: acceptedB, amount: 7.5, supplierId: first.b.supplier.id }),
    ]);
    const listed = (await getJson(app, admin, "Cut/list?amount=1")).list[0];
    expect(listed).toMatchObject({ id: second.cutId, total: 84.84 });
    const general = await getJson(app, admin, `Cut/General?cutId=${second.cutId}`);
    expect(general.data).toMatchObject({ total: 65, adjustmentsTotal: 19.84, openDisputes: 0 });
    expect(general.data.adjustments).toHaveLength(2);
    // The supplier's own list shows where its dispute was paid.
    const mine = await getJson(app, userA, `${API.dispute.list.path}?status=ACCEPTED`);
    expect(mine.list).toMatchObject([{ id: acceptedA, adjustmentCutId: second.cutId }]);

    // A third cut takes none of them again.
    const third = await cutOfTwoSuppliers(app, admin);
    expect(await getJson(app, admin, `Cut/${third.cutId}`)).toMatchObject({
      total: 65,
      adjustments: [],
      adjustmentsTotal: 0,
    });
    expect(await adjustmentCutOf([acceptedA, acceptedB])).toEqual({
      [acceptedA]: second.cutId,
      [acceptedB]: second.cutId,
    });
  });

  it("two cuts made at once: the adjustment lands in the one made, once", async () => {
    const first = await cutOfTwoSuppliers(app, admin);
    const userA = await createSupplierUser(app, first.a.supplier.id);
    const accepted = await disputeResolved(userA, { cutId: first.cutId, tripId: first.tripA.id }, 3, {
      decision: "ACCEPTED",
    });
    const { since, day } = await nextCutStart();
    const { driver } = await createSupplierDriver();
    const route = await createRoute({ cost: "10.00" });
    for (const hour of [8, 30]) {
      await createTrip({
        routeId: route.id,
        driver,
        cost: "10.00",
        startedAt: new Date(day + hour * HOUR),
        endedAt: new Date(day + (hour + 1) * HOUR),
      });
    }
    const results = await Promise.all(
      [day + DAY, day + 2 * DAY].map((until) =>
        call(app, admin, "POST", API.cut.create.path, {
          sinceDate: cutDate(since),
          untilDate: cutDate(until),
        }),
      ),
    );
    const made = results.filter((response) => response.statusCode === 201).map((response) => response.json());
    expect(made).toHaveLength(1);
    expect(results.every((response) => response.statusCode < 500)).toBe(true);
    const cutId = made[0].id as number;
    expect(await adjustmentCutOf([accepted])).toEqual({ [accepted]: cutId });
    expect(made[0].total).toBe(made[0].trips * 10 + 3);
    // The next cut (of what is left, if any) does not take it again.
    if (made[0].trips === 1) {
      const next = await call(app, admin, "POST", API.cut.create.path, {
        sinceDate: cutDate(day + DAY),
        untilDate: cutDate(day + 2 * DAY),
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().total).toBe(10);
    }
    expect(await adjustmentCutOf([accepted])).toEqual({ [accepted]: cutId });
  });

  it("a cut shows its open disputes, and its General and Detail Excel list the adjustments in «Ajustes»", async () => {
    const first = await cutOfTwoSuppliers(app, admin);
    const userA = await createSupplierUser(app, first.a.supplier.id);
    const accepted = await disputeResolved(userA, { cutId: first.cutId, tripId: first.tripA.id }, 4.5, {
      decision: "ACCEPTED",
    });
    const opened = await call(app, userA, "POST", API.dispute.create.path, {
      cutId: first.cutId,
      intermediateRouteId: first.tripA2.id,
      reason: "Ruta más larga",
      claimedAmount: 2,
    });
    expect(opened.statusCode).toBe(201);
    expect((await getJson(app, admin, `Cut/${first.cutId}`)).openDisputes).toBe(1);
    expect((await getJson(app, admin, `Cut/General?cutId=${first.cutId}`)).data.openDisputes).toBe(1);
    const listed = (await getJson(app, admin, "Cut/list?amount=5")).list;
    expect(listed.find((cut: { id: number }) => cut.id === first.cutId)?.openDisputes).toBe(1);

    const second = await cutOfTwoSuppliers(app, admin);
    for (const [report, sheetName] of [
      ["General", "Corte general"],
      ["Headboard", "Detalle del corte"],
    ]) {
      const response = await call(app, admin, "GET", `/api/v1/Cut/${report}/excel?cutId=${second.cutId}`);
      expect(response.statusCode, response.body).toBe(200);
      const sheets = await workbookTexts(response);
      expect(Object.keys(sheets)).toEqual([sheetName, "Ajustes"]);
      const adjustments = sheets.Ajustes ?? [];
      const header = adjustments.findIndex((row) => row[0] === "Disputa");
      expect(adjustments[header], report).toEqual([
        "Disputa",
        "Corte del viaje",
        "Viaje",
        "Ruta",
        "Suplidor",
        "Nota",
        "Monto",
      ]);
      expect(adjustments[header + 1], report).toEqual([
        String(accepted),
        String(first.cutId),
        String(first.tripA.id),
        first.route.name,
        first.a.supplier.name,
        "Revisado",
        "4.5",
      ]);
      expect(adjustments[header + 2], report).toEqual(["Total", "4.5"]);
    }
  });

  it("the Detail Excel without a cut (a date range) has no «Ajustes» sheet", async () => {
    const cut = await cutOfTwoSuppliers(app, admin);
    const range = `sinceDate=${cutDate(cut.until - DAY)}&untilDate=${cutDate(cut.until)}`;
    const response = await call(app, admin, "GET", `/api/v1/Cut/Headboard/excel?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(await workbookTexts(response))).toEqual(["Detalle del corte"]);
  });
});
