import {
  DOCUMENT_ALREADY_REVIEWED_MESSAGE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  DOCUMENT_REVIEWED_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../src/db/schema.js";
import {
  documentApp,
  insertDocumentRow,
  JPEG_BYTES,
  PNG_BYTES,
  uploadDocument,
} from "../helpers/document-upload-factories.js";
import { createDriver } from "../helpers/people-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { createSupplier, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let harness: Awaited<ReturnType<typeof documentApp>>;
let admin: SignedIn;
let otherAdmin: SignedIn;
let supplierA: number;
let driverA: number;
let driverB: number;
let userA: SignedIn;
let userB: SignedIn;

beforeAll(async () => {
  harness = await documentApp();
  admin = await signedInAs(harness.app, "Admin");
  otherAdmin = await signedInAs(harness.app, "SuperAdmin");
  supplierA = (await createSupplier()).id;
  const supplierB = (await createSupplier()).id;
  driverA = (await createDriver({}, { supplierId: supplierA })).driver.id;
  driverB = (await createDriver({}, { supplierId: supplierB })).driver.id;
  userA = await createSupplierUser(harness.app, supplierA);
  userB = await createSupplierUser(harness.app, supplierB);
});
afterAll(() => harness.close());

const review = (session: SignedIn, body: Record<string, unknown>) =>
  harness.app.inject({
    method: "PUT",
    url: API.document.approve.path,
    headers: session.headers,
    payload: body,
  });

const download = (session: SignedIn, id: number) =>
  harness.app.inject({ method: "GET", url: apiPath(API.document.file, { id }), headers: session.headers });

/** A supplier user A's pending licence of driver A. */
async function pendingLicence() {
  const response = await uploadDocument(harness.app, userA, {
    ownerType: "DRIVER",
    ownerId: driverA,
    type: "LICENSE",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe("PUT Document/approve", () => {
  it("approves or rejects a pending paper with its note, once", async () => {
    const approved = await pendingLicence();
    const ok = await review(admin, { id: approved, decision: "APPROVED" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: DOCUMENT_REVIEWED_MESSAGE });
    const rejected = await pendingLicence();
    expect(
      (await review(admin, { id: rejected, decision: "REJECTED", note: "  Ilegible  " })).statusCode,
    ).toBe(200);
    const { db } = await testDatabase();
    const [row] = await db.select().from(documents).where(eq(documents.id, rejected));
    expect(row).toMatchObject({ review: "REJECTED", reviewNote: "Ilegible", reviewedBy: admin.userId });
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    const again = await review(otherAdmin, { id: approved, decision: "REJECTED" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DOCUMENT_ALREADY_REVIEWED_MESSAGE);
    const missing = await review(admin, { id: 2_000_000_000, decision: "APPROVED" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DOCUMENT_NOT_FOUND_MESSAGE);
    expect((await review(admin, { id: approved, decision: "PENDING" })).statusCode).toBe(400);
  });

  it("lets one of two admins reviewing at once win; the other gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await pendingLicence();
      const answers = await Promise.all([
        review(admin, { id, decision: "APPROVED" }),
        review(otherAdmin, { id, decision: "REJECTED", note: "Vencida" }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers[0]?.statusCode === 200 ? "APPROVED" : "REJECTED";
      const { db } = await testDatabase();
      const [row] = await db.select({ review: documents.review }).from(documents).where(eq(documents.id, id));
      expect(row?.review).toBe(winner);
    }
  });

  it("is refused to supplier users (theirs or not)", async () => {
    const id = await pendingLicence();
    for (const session of [userA, userB]) {
      const response = await review(session, { id, decision: "APPROVED" });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe("GET Document/{id}/file", () => {
  it("sends the file as an attachment of its real type, never sniffed, to an admin and its supplier", async () => {
    const upload = await uploadDocument(
      harness.app,
      userA,
      { ownerType: "VEHICLE", ownerId: driverA, type: "INSURANCE" },
      PNG_BYTES,
      "C:\\fakepath\\póliza 2027.pdf",
    );
    expect(upload.statusCode, upload.body).toBe(201);
    for (const session of [admin, userA]) {
      const response = await download(session, upload.json().id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(PNG_BYTES);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="poliza 2027.png"; filename*=UTF-8''p%C3%B3liza%202027.png`,
      );
      expect(response.headers["content-security-policy"]).toContain("sandbox");
      expect(response.headers["cache-control"]).toContain("no-store");
    }
  });

  it("answers 404 to another supplier's user, for a missing paper and for a file that is gone", async () => {
    const upload = await uploadDocument(
      harness.app,
      admin,
      { ownerType: "DRIVER", ownerId: driverB, type: "MEDICAL_CERTIFICATE" },
      JPEG_BYTES,
    );
    expect(upload.statusCode).toBe(201);
    const theirs = await download(userA, upload.json().id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(DOCUMENT_NOT_FOUND_MESSAGE);
    expect(theirs.body).not.toContain("\xff\xd8");
    expect((await download(userB, upload.json().id)).statusCode).toBe(200);
    expect((await download(admin, 2_000_000_000)).statusCode).toBe(404);
    const { user } = await createDriver({}, { supplierId: supplierA });
    const lost = await insertDocumentRow({
      ownerType: "DRIVER",
      ownerId: driverA,
      supplierId: supplierA,
      type: "LICENSE",
      expiresOn: "2027-01-01",
      uploadedBy: user.id,
    });
    const gone = await download(admin, lost.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(DOCUMENT_NOT_FOUND_MESSAGE);
  });

  it("is refused to roles outside the portal and without a session", async () => {
    const id = await pendingLicence();
    const anonymous = await harness.app.inject({ method: "GET", url: apiPath(API.document.file, { id }) });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(harness.app, role);
      expect((await download(session, id)).statusCode, role).toBe(403);
    }
    expect(
      (await harness.app.inject({ method: "GET", url: "/api/v1/Document/abc/file", headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });
});
