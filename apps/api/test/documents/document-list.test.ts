import { type DocumentItem, documentStatus } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, MINUTE, type TestClock } from "../helpers/booking-factories.js";
import { documentApp, insertDocumentRow } from "../helpers/document-upload-factories.js";
import { createDriver } from "../helpers/people-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { createSupplier, type SignedIn, signedInAs } from "../helpers/test-app.js";

// 2026-11-12 23:59 in Santo Domingo (UTC−4): already the 13th in UTC.
const LAST_MINUTE_OF_12TH = Date.parse("2026-11-13T03:59:00Z");
const clock: TestClock = { now: LAST_MINUTE_OF_12TH };
let harness: Awaited<ReturnType<typeof documentApp>>;
let admin: SignedIn;

beforeAll(async () => {
  harness = await documentApp({ clock, offsetMinutes: 240 });
  admin = await signedInAs(harness.app, "Admin");
});
afterAll(() => harness.close());

async function list(session: SignedIn, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await harness.app.inject({
    method: "GET",
    url: `${API.document.list.path}?${search}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { amount: number; list: DocumentItem[] };
}

/** A supplier with one driver (plate A100200) whose papers the test writes. */
async function owners() {
  const supplier = await createSupplier();
  const { driver, user } = await createDriver({}, { supplierId: supplier.id, vehiclePlate: "A100200" });
  return { supplier, driver, uploader: user.id };
}

describe("GET Document/list", () => {
  it("turns a paper EXPIRED at the branch office's midnight after its expiry day, not UTC's", async () => {
    const { supplier, driver, uploader } = await owners();
    const base = { ownerId: driver.id, supplierId: supplier.id, uploadedBy: uploader };
    const today = await insertDocumentRow({
      ...base,
      ownerType: "DRIVER",
      type: "LICENSE",
      expiresOn: "2026-11-12",
    });
    const yesterday = await insertDocumentRow({
      ...base,
      ownerType: "DRIVER",
      type: "MEDICAL_CERTIFICATE",
      expiresOn: "2026-11-11",
    });
    const edge = await insertDocumentRow({
      ...base,
      ownerType: "VEHICLE",
      type: "INSURANCE",
      expiresOn: "2026-12-27",
    });
    const later = await insertDocumentRow({
      ...base,
      ownerType: "VEHICLE",
      type: "ROUTE_PERMIT",
      expiresOn: "2026-12-28",
    });
    const statuses = async () => {
      const { list: rows } = await list(admin, { ownerId: driver.id, amount: 100 });
      return Object.fromEntries(rows.map((row) => [row.id, row.status]));
    };
    clock.now = LAST_MINUTE_OF_12TH;
    // 45 days after the 12th is 27 December: EXPIRING through it, VALID after.
    expect(await statuses()).toEqual({
      [yesterday.id]: "EXPIRED",
      [today.id]: "EXPIRING",
      [edge.id]: "EXPIRING",
      [later.id]: "VALID",
    });
    clock.now = LAST_MINUTE_OF_12TH + MINUTE;
    expect(await statuses()).toEqual({
      [yesterday.id]: "EXPIRED",
      [today.id]: "EXPIRED",
      [edge.id]: "EXPIRING",
      [later.id]: "EXPIRING",
    });
    clock.now = LAST_MINUTE_OF_12TH;
  });

  it("filters by status in SQL with the same rule as each row's status, on the whole list", async () => {
    const { supplier, driver, uploader } = await owners();
    const base = {
      ownerId: driver.id,
      supplierId: supplier.id,
      uploadedBy: uploader,
      ownerType: "DRIVER",
      type: "LICENSE",
    };
    const days = [
      "2026-01-01",
      "2026-11-11",
      "2026-11-12",
      "2026-11-30",
      "2026-12-27",
      "2026-12-28",
      "2030-01-01",
    ];
    for (const expiresOn of days) await insertDocumentRow({ ...base, expiresOn });
    for (const at of [
      LAST_MINUTE_OF_12TH,
      LAST_MINUTE_OF_12TH + MINUTE,
      LAST_MINUTE_OF_12TH + 40 * 24 * HOUR,
    ]) {
      clock.now = at;
      const all = await list(admin, { ownerId: driver.id, amount: 100 });
      expect(all.amount).toBe(days.length);
      for (const status of ["VALID", "EXPIRING", "EXPIRED"] as const) {
        const filtered = await list(admin, { ownerId: driver.id, amount: 100, status });
        const expected = all.list.filter((row) => row.status === status).map((row) => row.id);
        expect(
          filtered.list.map((row) => row.id),
          status,
        ).toEqual(expected);
        expect(filtered.amount).toBe(expected.length);
      }
    }
    clock.now = LAST_MINUTE_OF_12TH;
    const today = "2026-11-12";
    const { list: rows } = await list(admin, { ownerId: driver.id, amount: 100 });
    for (const row of rows) expect(row.status).toBe(documentStatus(row.expiresOn, today));
  });

  it("marks current the approved paper of an owner and type that expires last (the later upload on a tie)", async () => {
    const { supplier, driver, uploader } = await owners();
    const base = {
      ownerId: driver.id,
      supplierId: supplier.id,
      uploadedBy: uploader,
      ownerType: "DRIVER",
      type: "LICENSE",
    };
    const old = await insertDocumentRow({ ...base, expiresOn: "2026-12-01" });
    const tieFirst = await insertDocumentRow({ ...base, expiresOn: "2027-05-01" });
    const tieSecond = await insertDocumentRow({ ...base, expiresOn: "2027-05-01" });
    const pending = await insertDocumentRow({ ...base, expiresOn: "2028-01-01", review: "PENDING" });
    const rejected = await insertDocumentRow({ ...base, expiresOn: "2029-01-01", review: "REJECTED" });
    const medical = await insertDocumentRow({
      ...base,
      type: "MEDICAL_CERTIFICATE",
      expiresOn: "2026-01-01",
    });
    const vehicle = await insertDocumentRow({
      ...base,
      ownerType: "VEHICLE",
      type: "INSURANCE",
      expiresOn: "2026-06-01",
    });
    const { list: rows } = await list(admin, { ownerId: driver.id, amount: 100 });
    const current = Object.fromEntries(rows.map((row) => [row.id, row.current]));
    expect(current).toEqual({
      [old.id]: false,
      [tieFirst.id]: false,
      [tieSecond.id]: true,
      [pending.id]: false,
      [rejected.id]: false,
      [medical.id]: true,
      [vehicle.id]: true,
    });
    const reviews = await list(admin, { ownerId: driver.id, amount: 100, review: "PENDING" });
    expect(reviews.list.map((row) => row.id)).toEqual([pending.id]);
  });

  it("names the owner: the driver, the vehicle's plate with its driver, the supplier", async () => {
    const { supplier, driver, uploader } = await owners();
    const base = { supplierId: supplier.id, uploadedBy: uploader, expiresOn: "2027-01-01" };
    const licence = await insertDocumentRow({
      ...base,
      ownerType: "DRIVER",
      ownerId: driver.id,
      type: "LICENSE",
      category: "4",
      number: "LIC_2027-77",
      uploadedBy: admin.userId,
    });
    const insurance = await insertDocumentRow({
      ...base,
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "INSURANCE",
    });
    const contract = await insertDocumentRow({
      ...base,
      ownerType: "SUPPLIER",
      ownerId: supplier.id,
      type: "CONTRACT",
      // «_» is no wildcard in a search: «lic_» finds the licence only.
      number: "LIC-1",
    });
    const { list: rows, amount } = await list(admin, { supplierId: supplier.id, amount: 100 });
    expect(amount).toBe(3);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[licence.id]).toMatchObject({
      ownerName: "Juan Pérez",
      supplierName: supplier.name,
      category: "4",
      review: "APPROVED",
      fileName: "documento.pdf",
      contentType: "application/pdf",
      // The admin's employee record.
      uploadedBy: "María Rodríguez",
    });
    expect(byId[insurance.id]?.ownerName).toBe("A100200 (Juan Pérez)");
    expect(byId[contract.id]?.ownerName).toBe(supplier.name);
    const byNumber = await list(admin, { supplierId: supplier.id, criterion: "lic_" });
    expect(byNumber.list.map((row) => row.id)).toEqual([licence.id]);
    const vehicles = await list(admin, { supplierId: supplier.id, ownerType: "VEHICLE" });
    expect(vehicles.list.map((row) => row.id)).toEqual([insurance.id]);
  });

  it("pages by expiry then id, with the whole count", async () => {
    const { supplier, driver, uploader } = await owners();
    const base = {
      ownerId: driver.id,
      supplierId: supplier.id,
      uploadedBy: uploader,
      ownerType: "DRIVER",
      type: "LICENSE",
    };
    const rows = [];
    for (const expiresOn of ["2027-03-01", "2027-01-01", "2027-02-01", "2027-01-01", "2026-12-01"]) {
      rows.push(await insertDocumentRow({ ...base, expiresOn }));
    }
    const expected = [...rows]
      .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.id - b.id)
      .map((row) => row.id);
    const pages = [];
    for (const skip of [1, 2, 3]) {
      const page = await list(admin, { ownerId: driver.id, amount: 2, skip });
      expect(page.amount).toBe(5);
      pages.push(...page.list.map((row) => row.id));
    }
    expect(pages).toEqual(expected);
    expect((await list(admin, { ownerId: driver.id, amount: 2, skip: 4 })).list).toEqual([]);
  });

  it("shows a supplier user only its supplier's papers, whatever it filters by", async () => {
    const mine = await owners();
    const theirs = await owners();
    for (const { supplier, driver, uploader } of [mine, theirs]) {
      await insertDocumentRow({
        ownerType: "DRIVER",
        ownerId: driver.id,
        supplierId: supplier.id,
        uploadedBy: uploader,
        type: "LICENSE",
        expiresOn: "2027-01-01",
      });
      await insertDocumentRow({
        ownerType: "SUPPLIER",
        ownerId: supplier.id,
        supplierId: supplier.id,
        uploadedBy: uploader,
        type: "CONTRACT",
        expiresOn: "2027-01-01",
      });
    }
    const session = await createSupplierUser(harness.app, mine.supplier.id);
    const everything = await list(session, { amount: 100 });
    expect(everything.amount).toBe(2);
    expect(everything.list.every((row) => row.supplierId === mine.supplier.id)).toBe(true);
    const filters: Record<string, string | number>[] = [
      { supplierId: theirs.supplier.id },
      { ownerId: theirs.driver.id },
      { ownerType: "SUPPLIER", ownerId: theirs.supplier.id },
    ];
    for (const query of filters) {
      const seen = await list(session, { amount: 100, ...query });
      expect(seen, JSON.stringify(query)).toEqual({ amount: 0, list: [] });
    }
    const theirsForAdmin = await list(admin, { supplierId: theirs.supplier.id, amount: 100 });
    expect(theirsForAdmin.amount).toBe(2);
  });

  it("refuses a bad filter and roles outside the portal", async () => {
    const bad = await harness.app.inject({
      method: "GET",
      url: `${API.document.list.path}?status=OLD`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const collaborator = await signedInAs(harness.app, "Collaborator");
    const refused = await harness.app.inject({
      method: "GET",
      url: API.document.list.path,
      headers: collaborator.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
