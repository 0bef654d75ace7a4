import type { ComplianceResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDocument, shiftDay, utcToday } from "../helpers/document-factories.js";
import { createVehicleDriver } from "../helpers/planning-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { buildTestApp, createSupplier, type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * «Cumplimiento» (`GET Document/compliance`, issue 37): the current papers expiring within 45 days or
 * expired, soonest first, with the drivers they keep off the road; a supplier sees only theirs.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const day = (days: number) => shiftDay(utcToday(), days);

/** Supplier A: two drivers kept off the road, one paper expiring, the rest not shown; supplier B: one. */
async function papers() {
  const a = await createSupplier();
  const b = await createSupplier();
  const ana = await createVehicleDriver(10, { name: "Ana", lastname: "Uno", supplierId: a.id });
  const beto = await createVehicleDriver(10, { name: "Beto", lastname: "Dos", supplierId: a.id });
  const ciro = await createVehicleDriver(10, { name: "Ciro", lastname: "Tres", supplierId: a.id });
  const otro = await createVehicleDriver(10, { name: "Otro", lastname: "Suplidor", supplierId: b.id });
  const licence = await insertDocument({
    ownerType: "DRIVER",
    ownerId: ana.id,
    type: "LICENSE",
    expiresOn: day(-10),
  });
  const insurance = await insertDocument({
    ownerType: "VEHICLE",
    ownerId: ana.id,
    type: "INSURANCE",
    expiresOn: day(10),
  });
  await insertDocument({
    ownerType: "DRIVER",
    ownerId: ana.id,
    type: "MEDICAL_CERTIFICATE",
    expiresOn: day(46),
  });
  // Beto's licence was renewed and approved: the old one is not current any more.
  await insertDocument({ ownerType: "DRIVER", ownerId: beto.id, type: "LICENSE", expiresOn: day(-300) });
  await insertDocument({ ownerType: "DRIVER", ownerId: beto.id, type: "LICENSE", expiresOn: day(900) });
  // Ciro's inspection expired; its renewal waits for an admin.
  const inspection = await insertDocument({
    ownerType: "VEHICLE",
    ownerId: ciro.id,
    type: "TECHNICAL_INSPECTION",
    expiresOn: day(-1),
  });
  await insertDocument({
    ownerType: "VEHICLE",
    ownerId: ciro.id,
    type: "TECHNICAL_INSPECTION",
    expiresOn: day(365),
    review: "PENDING",
  });
  const contract = await insertDocument({
    ownerType: "SUPPLIER",
    ownerId: a.id,
    type: "CONTRACT",
    expiresOn: day(-40),
  });
  const other = await insertDocument({
    ownerType: "DRIVER",
    ownerId: otro.id,
    type: "LICENSE",
    expiresOn: day(0),
  });
  return { a, b, ana, ciro, otro, licence, insurance, inspection, contract, other };
}

/** Every page (of 100) of the admin's «Cumplimiento» with `query` (ending in "&" when given). */
async function everyPaper(query: string) {
  const list: ComplianceResponse["list"] = [];
  for (let page = 1; ; page++) {
    const result = await compliance(admin, `?${query}amount=100&skip=${page}`);
    list.push(...result.list);
    if (list.length >= result.amount || result.list.length === 0) return { amount: result.amount, list };
  }
}

async function compliance(session: SignedIn, query = ""): Promise<ComplianceResponse> {
  const response = await app.inject({
    method: "GET",
    url: `${API.document.compliance.path}${query}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET Document/compliance", () => {
  it("lists a supplier's current papers expiring or expired, soonest first, with the totals", async () => {
    const p = await papers();
    const supplier = await createSupplierUser(app, p.a.id);
    const result = await compliance(supplier);
    expect(result.list.map((item) => item.documentId)).toEqual([
      p.contract.id,
      p.licence.id,
      p.inspection.id,
      p.insurance.id,
    ]);
    expect({ blocked: result.blockedDrivers, expired: result.expired, expiring: result.expiring }).toEqual({
      blocked: 2,
      expired: 3,
      expiring: 1,
    });
    expect(result.amount).toBe(4);
    expect(result.list[1]).toMatchObject({
      supplierId: p.a.id,
      supplierName: p.a.name,
      ownerType: "DRIVER",
      ownerId: p.ana.id,
      ownerName: "Ana Uno",
      type: "LICENSE",
      expiresOn: day(-10),
      status: "EXPIRED",
      daysLeft: -10,
      blocksDriverId: p.ana.id,
    });
    expect(result.list[0]).toMatchObject({
      ownerType: "SUPPLIER",
      ownerName: p.a.name,
      blocksDriverId: null,
    });
    expect(result.list[3]).toMatchObject({ status: "EXPIRING", daysLeft: 10, blocksDriverId: p.ana.id });
    expect(result.list[3]?.ownerName).toContain("Ana Uno");
  });

  it("never shows a supplier another supplier's papers, whatever the filter asks", async () => {
    const p = await papers();
    const supplier = await createSupplierUser(app, p.a.id);
    const asked = await compliance(supplier, `?supplierId=${p.b.id}`);
    expect(asked.list.every((item) => item.supplierId === p.a.id)).toBe(true);
    expect(asked.list.map((item) => item.documentId)).not.toContain(p.other.id);
    const otherSupplier = await createSupplierUser(app, p.b.id);
    const theirs = await compliance(otherSupplier);
    expect(theirs.list.map((item) => item.documentId)).toEqual([p.other.id]);
    expect(theirs.list[0]).toMatchObject({ status: "EXPIRING", daysLeft: 0 });
    expect(theirs.blockedDrivers).toBe(0);
  });

  it("lets an admin narrow by supplier, status and blocking papers, one page at a time", async () => {
    const p = await papers();
    const expiring = await compliance(admin, `?supplierId=${p.a.id}&status=EXPIRING`);
    expect(expiring.list.map((item) => item.documentId)).toEqual([p.insurance.id]);
    expect([expiring.expired, expiring.expiring, expiring.blockedDrivers]).toEqual([0, 1, 0]);
    const blocking = await compliance(admin, `?supplierId=${p.a.id}&blocking=true`);
    expect(blocking.list.map((item) => item.documentId)).toEqual([
      p.licence.id,
      p.inspection.id,
      p.insurance.id,
    ]);
    const notBlocking = await compliance(admin, `?supplierId=${p.a.id}&blocking=false`);
    expect(notBlocking.list.map((item) => item.documentId)).toEqual([p.contract.id]);
    const second = await compliance(admin, `?supplierId=${p.a.id}&amount=2&skip=2`);
    expect(second.list.map((item) => item.documentId)).toEqual([p.inspection.id, p.insurance.id]);
    expect(second.amount).toBe(4);
  });

  it("groups by supplier on request: each supplier's papers together, soonest first inside and across", async () => {
    const p = await papers();
    // Supplier B's only paper expires today, after A's first (40 days ago): A's group leads.
    // The worker's database holds other files' papers too: every page of each order.
    const grouped = await everyPaper("groupBy=supplier&");
    const ungrouped = await everyPaper("");
    expect(new Set(grouped.list.map((item) => item.documentId))).toEqual(
      new Set(ungrouped.list.map((item) => item.documentId)),
    );
    const ours = grouped.list.filter((item) => [p.a.id, p.b.id].includes(item.supplierId));
    expect(ours.map((item) => item.documentId)).toEqual([
      p.contract.id,
      p.licence.id,
      p.inspection.id,
      p.insurance.id,
      p.other.id,
    ]);
    const suppliers = grouped.list.map((item) => item.supplierId);
    const firsts: string[] = [];
    grouped.list.forEach((item, index) => {
      const previous = grouped.list[index - 1];
      if (previous?.supplierId === item.supplierId) {
        expect(item.expiresOn >= previous.expiresOn).toBe(true);
        return;
      }
      // A supplier's papers come in one run, and the runs by their first expiry.
      expect(suppliers.lastIndexOf(item.supplierId)).toBe(
        suppliers.indexOf(item.supplierId) + count(item.supplierId) - 1,
      );
      firsts.push(item.expiresOn);
    });
    expect(firsts).toEqual([...firsts].sort());
    // Pages cut the same order.
    const second = await compliance(admin, "?groupBy=supplier&amount=2&skip=2");
    expect(second.list.map((item) => item.documentId)).toEqual(
      grouped.list.slice(2, 4).map((item) => item.documentId),
    );

    function count(supplierId: number) {
      return suppliers.filter((id) => id === supplierId).length;
    }
  });

  it("refuses an unknown grouping", async () => {
    const response = await app.inject({
      method: "GET",
      url: `${API.document.compliance.path}?groupBy=owner`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Agrupación inválida");
  });

  it("is the supplier portal's: 403 for collaborators and drivers, 401 without a session", async () => {
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      const response = await app.inject({
        method: "GET",
        url: API.document.compliance.path,
        headers: session.headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await app.inject({ method: "GET", url: API.document.compliance.path });
    expect(anonymous.statusCode).toBe(401);
  });
});
