import {
  DISPUTE_ALREADY_OPEN_MESSAGE,
  DISPUTE_ALREADY_RESOLVED_MESSAGE,
  DISPUTE_AMOUNT_MESSAGE,
  DISPUTE_CREATED_MESSAGE,
  DISPUTE_CUT_NOT_FOUND_MESSAGE,
  DISPUTE_NOT_FOUND_MESSAGE,
  DISPUTE_RESOLVED_MESSAGE,
  DISPUTE_TRIP_NOT_IN_CUT_MESSAGE,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";
import { call, cutOfTwoSuppliers, getJson } from "./dispute-scenario.js";

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
let otherAdmin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  otherAdmin = await signedInAs(app, "SuperAdmin");
});
afterAll(() => app.close());

type Scenario = Awaited<ReturnType<typeof cutOfTwoSuppliers>>;
const open = (session: SignedIn, payload: object) =>
  call(app, session, "POST", API.dispute.create.path, payload);
const resolve = (session: SignedIn, payload: object) =>
  call(app, session, "PUT", API.dispute.resolve.path, payload);

async function scenarioWithUsers() {
  const scenario = await cutOfTwoSuppliers(app, admin);
  const userA = await createSupplierUser(app, scenario.a.supplier.id);
  const userB = await createSupplierUser(app, scenario.b.supplier.id);
  return { ...scenario, userA, userB };
}

async function openDispute(s: Scenario, session: SignedIn, tripId = s.tripA.id, claimedAmount = 5.5) {
  const response = await open(session, {
    cutId: s.cutId,
    intermediateRouteId: tripId,
    reason: "Peaje no pagado",
    claimedAmount,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe("POST /api/v1/Dispute", () => {
  it("opens a dispute on the supplier's own trip of the cut, stored in cents", async () => {
    const s = await scenarioWithUsers();
    const response = await open(s.userA, {
      cutId: s.cutId,
      intermediateRouteId: s.tripA.id,
      reason: "  Peaje no incluido  ",
      claimedAmount: 12.35,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), message: DISPUTE_CREATED_MESSAGE });
    const { db } = await testDatabase();
    const stored = (await db.execute(
      sql`select claimed_cents, status, supplier_id, reason from disputes where id = ${response.json().id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(stored.rows[0]).toMatchObject({
      status: "OPEN",
      supplier_id: s.a.supplier.id,
      reason: "Peaje no incluido",
    });
    expect(Number(stored.rows[0]?.claimed_cents)).toBe(1235);
  });

  it("validates the body in Spanish", async () => {
    const s = await scenarioWithUsers();
    const base = { cutId: s.cutId, intermediateRouteId: s.tripA.id, reason: "Motivo", claimedAmount: 1 };
    for (const claimedAmount of [0, -3, 1.234, 10_000_000, "abc"]) {
      const response = await open(s.userA, { ...base, claimedAmount });
      expect(response.statusCode, String(claimedAmount)).toBe(400);
      expect(response.json().errors.claimedAmount).toBe(DISPUTE_AMOUNT_MESSAGE);
    }
    const blank = await open(s.userA, { ...base, reason: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.reason).toBeDefined();
    const missing = await open(s.userA, { cutId: s.cutId, reason: "x", claimedAmount: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.intermediateRouteId).toBeDefined();
  });

  it("is for supplier users only: admins and other roles get 403", async () => {
    const s = await scenarioWithUsers();
    const payload = { cutId: s.cutId, intermediateRouteId: s.tripA.id, reason: "Motivo", claimedAmount: 1 };
    for (const role of ["Admin", "SuperAdmin", "Driver", "Collaborator"] as const) {
      const session = role === "Admin" ? admin : await signedInAs(app, role);
      expect((await open(session, payload)).statusCode, role).toBe(403);
    }
  });

  it("refuses another supplier's trip, a trip of another cut and an unknown cut with 404", async () => {
    const s = await scenarioWithUsers();
    const later = await cutOfTwoSuppliers(app, admin);
    const cases: [object, string][] = [
      [{ cutId: s.cutId, intermediateRouteId: s.tripB.id }, DISPUTE_TRIP_NOT_IN_CUT_MESSAGE],
      [{ cutId: later.cutId, intermediateRouteId: s.tripA.id }, DISPUTE_TRIP_NOT_IN_CUT_MESSAGE],
      [{ cutId: 2_000_000_000, intermediateRouteId: s.tripA.id }, DISPUTE_CUT_NOT_FOUND_MESSAGE],
      [{ cutId: s.cutId, intermediateRouteId: 2_000_000_000 }, DISPUTE_TRIP_NOT_IN_CUT_MESSAGE],
    ];
    for (const [ids, message] of cases) {
      const response = await open(s.userA, { ...ids, reason: "Motivo", claimedAmount: 1 });
      expect(response.statusCode, JSON.stringify(ids)).toBe(404);
      expect(response.json().message).toBe(message);
    }
    // B's user cannot dispute A's trip either.
    const crossed = await open(s.userB, {
      cutId: s.cutId,
      intermediateRouteId: s.tripA.id,
      reason: "x",
      claimedAmount: 1,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it("allows one open dispute per trip (also two at once); a rejected trip may be disputed again", async () => {
    const s = await scenarioWithUsers();
    const colleague = await createSupplierUser(app, s.a.supplier.id);
    const payload = { cutId: s.cutId, intermediateRouteId: s.tripA.id, reason: "Motivo", claimedAmount: 3 };
    const both = await Promise.all([open(s.userA, payload), open(colleague, payload)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(DISPUTE_ALREADY_OPEN_MESSAGE);
    const id = both.find((r) => r.statusCode === 201)?.json().id as number;
    // Another trip of the same cut is fine.
    expect((await open(s.userA, { ...payload, intermediateRouteId: s.tripA2.id })).statusCode).toBe(201);
    expect((await resolve(admin, { id, decision: "REJECTED", note: "Sin comprobante" })).statusCode).toBe(
      200,
    );
    expect((await open(s.userA, payload)).statusCode).toBe(201);
  });
});

describe("PUT /api/v1/Dispute/resolve", () => {
  it("two admins resolving at once: exactly one wins, the other gets 409", async () => {
    const s = await scenarioWithUsers();
    const id = await openDispute(s, s.userA);
    const results = await Promise.all([
      resolve(admin, { id, decision: "ACCEPTED", note: "Procede", amount: 4 }),
      resolve(otherAdmin, { id, decision: "REJECTED", note: "No procede" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200);
    expect(winner?.json()).toEqual({ message: DISPUTE_RESOLVED_MESSAGE });
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(DISPUTE_ALREADY_RESOLVED_MESSAGE);
    const [item] = (await getJson(app, admin, `${API.dispute.list.path}?cutId=${s.cutId}`)).list;
    const acceptedWon = results[0]?.statusCode === 200;
    expect(item).toMatchObject(
      acceptedWon
        ? { status: "ACCEPTED", acceptedAmount: 4, note: "Procede" }
        : { status: "REJECTED", acceptedAmount: null, note: "No procede" },
    );
    // A third attempt, later, is refused too.
    expect((await resolve(admin, { id, decision: "ACCEPTED", note: "Otra vez" })).statusCode).toBe(409);
  });

  it("accepts the claimed amount by default and tells the supplier's users", async () => {
    const s = await scenarioWithUsers();
    const colleague = await createSupplierUser(app, s.a.supplier.id);
    const id = await openDispute(s, s.userA, s.tripA.id, 7.25);
    const response = await resolve(admin, { id, decision: "ACCEPTED", note: "Correcto" });
    expect(response.statusCode, response.body).toBe(200);
    const [item] = (await getJson(app, s.userA, `${API.dispute.list.path}?cutId=${s.cutId}`)).list;
    expect(item).toMatchObject({
      status: "ACCEPTED",
      acceptedAmount: 7.25,
      claimedAmount: 7.25,
      note: "Correcto",
    });
    expect(item.resolvedAt).toEqual(expect.any(String));
    const { db } = await testDatabase();
    const told = (await db.execute(
      sql`select user_id, title, message from notifications where user_id in (${s.userA.userId}, ${colleague.userId}, ${s.userB.userId}) order by user_id`,
    )) as unknown as { rows: { user_id: number; title: string; message: string }[] };
    expect(told.rows.map((row) => Number(row.user_id)).sort()).toEqual(
      [s.userA.userId, colleague.userId].sort(),
    );
    expect(told.rows[0]?.title).toBe("Disputa aceptada");
    expect(told.rows[0]?.message).toContain("US$7.25");
  });

  it("is for admins; an unknown dispute is 404; a note is required", async () => {
    const s = await scenarioWithUsers();
    const id = await openDispute(s, s.userA);
    expect((await resolve(s.userA, { id, decision: "ACCEPTED", note: "Yo mismo" })).statusCode).toBe(403);
    const unknown = await resolve(admin, { id: 2_000_000_000, decision: "REJECTED", note: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DISPUTE_NOT_FOUND_MESSAGE);
    expect((await resolve(admin, { id, decision: "REJECTED", note: "" })).statusCode).toBe(400);
    expect((await resolve(admin, { id, decision: "MAYBE", note: "x" })).statusCode).toBe(400);
    expect((await resolve(admin, { id, decision: "ACCEPTED", note: "x", amount: 0 })).statusCode).toBe(400);
  });
});

describe("GET /api/v1/Dispute/list", () => {
  it("a supplier sees only its own disputes, whatever it asks; admins see and filter all", async () => {
    const s = await scenarioWithUsers();
    const idA = await openDispute(s, s.userA, s.tripA.id, 2);
    const idA2 = await openDispute(s, s.userA, s.tripA2.id, 3);
    const idB = await openDispute(s, s.userB, s.tripB.id, 4);
    await resolve(admin, { id: idA2, decision: "REJECTED", note: "No" });

    const base = `${API.dispute.list.path}?cutId=${s.cutId}`;
    const ofA = await getJson(app, s.userA, base);
    expect(ofA.amount).toBe(2);
    expect(ofA.list.map((item: { id: number }) => item.id).sort()).toEqual([idA, idA2].sort());
    const sneaky = await getJson(app, s.userA, `${base}&supplierId=${s.b.supplier.id}`);
    expect(sneaky.list.map((item: { id: number }) => item.id).sort()).toEqual([idA, idA2].sort());
    const ofB = await getJson(app, s.userB, base);
    expect(ofB.list.map((item: { id: number }) => item.id)).toEqual([idB]);
    expect(ofB.list[0]).toMatchObject({
      cutId: s.cutId,
      intermediateRouteId: s.tripB.id,
      routeName: s.route.name,
      supplierId: s.b.supplier.id,
      supplierName: s.b.supplier.name,
      lineAmount: 30,
      claimedAmount: 4,
      status: "OPEN",
      createdBy: "Ana Suplidora",
      resolvedBy: null,
      adjustmentCutId: null,
    });

    const all = await getJson(app, admin, base);
    expect(all.amount).toBe(3);
    expect((await getJson(app, admin, `${base}&supplierId=${s.b.supplier.id}`)).amount).toBe(1);
    const open = await getJson(app, admin, `${base}&status=OPEN`);
    expect(open.list.map((item: { id: number }) => item.id).sort()).toEqual([idA, idB].sort());
    const page = await getJson(app, admin, `${base}&amount=2&skip=2`);
    expect(page).toMatchObject({ amount: 3 });
    expect(page.list).toHaveLength(1);
    const rejected = (await getJson(app, s.userA, `${base}&status=REJECTED`)).list;
    expect(rejected).toMatchObject([{ id: idA2, note: "No", resolvedBy: expect.any(String) }]);

    expect((await call(app, admin, "GET", `${base}&status=LOST`)).statusCode).toBe(400);
    const driver = await signedInAs(app, "Driver");
    expect((await call(app, driver, "GET", base)).statusCode).toBe(403);
  });
});
