import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutDate } from "../helpers/reporting-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { buildTestApp, type SignedIn, signedInAs, useOwnTestDatabase } from "../helpers/test-app.js";
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

/**
 * Two cuts of suppliers A and B: in the first, each disputes a trip and both are accepted (A 1.25,
 * B 9.00) and each opens one more; the second cut carries both adjustments.
 */
async function twoCutsWithAdjustments() {
  const first = await cutOfTwoSuppliers(app, admin);
  const userA = await createSupplierUser(app, first.a.supplier.id);
  const userB = await createSupplierUser(app, first.b.supplier.id);
  const dispute = async (session: SignedIn, tripId: number, claimedAmount: number) => {
    const response = await call(app, session, "POST", API.dispute.create.path, {
      cutId: first.cutId,
      intermediateRouteId: tripId,
      reason: "Motivo",
      claimedAmount,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  for (const id of [await dispute(userA, first.tripA.id, 1.25), await dispute(userB, first.tripB.id, 9)]) {
    const resolved = await call(app, admin, "PUT", API.dispute.resolve.path, {
      id,
      decision: "ACCEPTED",
      note: "Ok",
    });
    expect(resolved.statusCode).toBe(200);
  }
  await dispute(userA, first.tripA2.id, 2);
  const second = await cutOfTwoSuppliers(app, admin, { a: first.a, b: first.b });
  // B opens one on the second cut too.
  const onSecond = await call(app, userB, "POST", API.dispute.create.path, {
    cutId: second.cutId,
    intermediateRouteId: second.tripB.id,
    reason: "Motivo",
    claimedAmount: 1,
  });
  expect(onSecond.statusCode).toBe(201);
  return { first, second, userA, userB };
}

describe("cuts seen by a supplier user", () => {
  it("lists every cut with the figures of its own trips, adjustments and open disputes only", async () => {
    const { first, second, userA } = await twoCutsWithAdjustments();
    const asAdmin = await getJson(app, admin, "Cut/list?amount=100");
    const asSupplier = await getJson(app, userA, "Cut/list?amount=100");
    expect(asSupplier.amount).toBe(asAdmin.amount);
    const byId = (list: { id: number }[], id: number) => list.find((cut) => cut.id === id);
    // A's two trips: 20.00 + 15.00, and its 1.25 adjustment in the second cut.
    expect(byId(asSupplier.list, first.cutId)).toMatchObject({ trips: 2, total: 35, openDisputes: 1 });
    expect(byId(asSupplier.list, second.cutId)).toMatchObject({ trips: 2, total: 36.25, openDisputes: 0 });
    expect(byId(asAdmin.list, second.cutId)).toMatchObject({ trips: 3, total: 75.25, openDisputes: 1 });
    // A cut of other suppliers only: listed, with nothing of A's.
    const other = await cutOfTwoSuppliers(app, admin);
    const listed = await getJson(app, userA, "Cut/list?amount=1");
    expect(listed.list[0]).toMatchObject({
      id: other.cutId,
      trips: 0,
      collaborators: 0,
      total: 0,
      openDisputes: 0,
    });

    const record = await getJson(app, userA, `Cut/${second.cutId}`);
    expect(record).toMatchObject({ id: second.cutId, trips: 2, total: 36.25, adjustmentsTotal: 1.25 });
    expect(record.adjustments).toMatchObject([{ supplierId: first.a.supplier.id, amount: 1.25 }]);
  });

  it("General, Headboard and their Excel never show another supplier's rows", async () => {
    const { first, second, userA } = await twoCutsWithAdjustments();
    const general = await getJson(app, userA, `Cut/General?cutId=${second.cutId}`);
    expect(general.amount).toBe(1);
    expect(general.data).toMatchObject({
      total: 35,
      amountTrips: 2,
      adjustmentsTotal: 1.25,
      openDisputes: 0,
      items: [{ supplierId: second.a.supplier.id, trips: 2, total: 35 }],
    });
    expect(general.data.adjustments).toMatchObject([{ supplierName: first.a.supplier.name, amount: 1.25 }]);
    // Naming another supplier narrows to nothing rather than showing it.
    const named = await getJson(
      app,
      userA,
      `Cut/General?cutId=${second.cutId}&supplierName=${encodeURIComponent(second.b.supplier.name)}`,
    );
    expect(named).toMatchObject({ amount: 0, data: { total: 0, items: [] } });

    const headboard = await getJson(app, userA, `Cut/Headboard?cutId=${second.cutId}`);
    expect(headboard.amount).toBe(2);
    expect(headboard.data.total).toBe(35);
    expect(
      headboard.data.items.map((item: { intermediateRouteId: number }) => item.intermediateRouteId).sort(),
    ).toEqual([second.tripA.id, second.tripA2.id].sort());
    // A date range (every cut's trips that ended in it) is limited the same way.
    const range = `sinceDate=${cutDate(first.until - 86_400_000)}&untilDate=${cutDate(second.until)}`;
    const ranged = await getJson(app, userA, `Cut/Headboard?${range}&amount=100`);
    expect(ranged.amount).toBe(4);
    expect(
      ranged.data.items.every((item: { supplierName: string }) =>
        [first.a.supplier.name, second.a.supplier.name].includes(item.supplierName),
      ),
    ).toBe(true);

    const others = [first.b.supplier.name, second.b.supplier.name];
    for (const path of [
      `/api/v1/Cut/General/excel?cutId=${second.cutId}`,
      `/api/v1/Cut/Headboard/excel?cutId=${second.cutId}`,
      `/api/v1/Cut/Headboard/excel?${range}`,
    ]) {
      const response = await call(app, userA, "GET", path);
      expect(response.statusCode, response.body).toBe(200);
      const text = JSON.stringify(await workbookTexts(response));
      for (const name of others) expect(text, path).not.toContain(name);
      expect(text, path).toContain(second.a.supplier.name);
    }
    const workbook = await workbookTexts(
      await call(app, userA, "GET", `/api/v1/Cut/General/excel?cutId=${second.cutId}`),
    );
    expect(JSON.stringify(workbook.Ajustes)).toContain(first.a.supplier.name);
    // The Detail Excel of the cut lists the same adjustments: the supplier's own only.
    const detail = await workbookTexts(
      await call(app, userA, "GET", `/api/v1/Cut/Headboard/excel?cutId=${second.cutId}`),
    );
    expect(JSON.stringify(detail.Ajustes)).toContain(first.a.supplier.name);
    expect(JSON.stringify(detail.Ajustes)).not.toContain(first.b.supplier.name);
    // The admin's Excel has both suppliers and both adjustments.
    const adminBook = await workbookTexts(
      await call(app, admin, "GET", `/api/v1/Cut/General/excel?cutId=${second.cutId}`),
    );
    expect(JSON.stringify(adminBook.Ajustes)).toContain(first.b.supplier.name);
    expect(JSON.stringify(adminBook["Corte general"])).toContain(second.b.supplier.name);
  });

  it("making and checking cuts stay the admins'", async () => {
    const { userA, second } = await twoCutsWithAdjustments();
    const made = await call(app, userA, "POST", API.cut.create.path, {
      sinceDate: cutDate(second.until),
      untilDate: cutDate(second.until + 86_400_000),
    });
    expect(made.statusCode).toBe(403);
    expect((await call(app, userA, "GET", API.cut.check.path)).statusCode).toBe(403);
    // Other roles still cannot read cuts.
    const driver = await signedInAs(app, "Driver");
    expect((await call(app, driver, "GET", API.cut.list.path)).statusCode).toBe(403);
    expect((await call(app, driver, "GET", `/api/v1/Cut/General?cutId=${second.cutId}`)).statusCode).toBe(
      403,
    );
  });
});
