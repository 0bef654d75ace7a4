import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  DOCUMENT_CATEGORY_MESSAGE,
  DOCUMENT_EXPIRES_MESSAGE,
  DOCUMENT_FILE_MESSAGE,
  DOCUMENT_FILE_REQUIRED_MESSAGE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_OWNER_NOT_FOUND_MESSAGE,
  DOCUMENT_OWNER_TYPE_MESSAGE,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  DOCUMENT_UPLOADED_MESSAGE,
  REQUIRED_MESSAGE,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../src/db/schema.js";
import {
  documentApp,
  documentForm,
  EXE_BYTES,
  HTML_BYTES,
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  uploadDocument,
  ZIP_BYTES,
} from "../helpers/document-upload-factories.js";
import { createDriver } from "../helpers/people-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { createSupplier, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let harness: Awaited<ReturnType<typeof documentApp>>;
let admin: SignedIn & { user: { id: number } };
let supplierA: number;
let supplierB: number;
let driverA: number;
let driverB: number;
let supplierUserA: Awaited<ReturnType<typeof createSupplierUser>>;

beforeAll(async () => {
  harness = await documentApp();
  admin = await signedInAs(harness.app, "Admin");
  supplierA = (await createSupplier()).id;
  supplierB = (await createSupplier()).id;
  driverA = (await createDriver({}, { supplierId: supplierA, vehiclePlate: "A123456" })).driver.id;
  driverB = (await createDriver({}, { supplierId: supplierB })).driver.id;
  supplierUserA = await createSupplierUser(harness.app, supplierA);
});
afterAll(() => harness.close());

const rowOf = async (id: number) => {
  const { db } = await testDatabase();
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw new Error("no row");
  return row;
};

describe("POST Document", () => {
  it("keeps an admin's paper APPROVED, its file under the data folder as sent, its real type and hash", async () => {
    const response = await uploadDocument(harness.app, admin, {
      ownerType: "DRIVER",
      ownerId: driverA,
      type: "LICENSE",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), message: DOCUMENT_UPLOADED_MESSAGE });
    const row = await rowOf(response.json().id);
    expect(row).toMatchObject({
      ownerType: "DRIVER",
      ownerId: driverA,
      supplierId: supplierA,
      type: "LICENSE",
      category: "2",
      number: "L-1",
      expiresOn: "2027-06-30",
      review: "APPROVED",
      reviewedBy: admin.userId,
      contentType: "application/pdf",
      fileName: "documento.pdf",
      sizeBytes: PDF_BYTES.length,
      uploadedBy: admin.userId,
    });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(row.storageKey).toMatch(/^documents\/\d{4}\/[0-9a-f-]{36}$/);
    const path = join(harness.dir, row.storageKey);
    expect(await readFile(path)).toEqual(PDF_BYTES);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it("keeps a supplier user's paper PENDING, for its drivers, their vehicles and itself", async () => {
    const cases = [
      { ownerType: "DRIVER", ownerId: driverA, type: "MEDICAL_CERTIFICATE" },
      { ownerType: "VEHICLE", ownerId: driverA, type: "INSURANCE" },
      { ownerType: "SUPPLIER", ownerId: supplierA, type: "CONTRACT" },
    ];
    for (const fields of cases) {
      const response = await uploadDocument(harness.app, supplierUserA, fields, JPEG_BYTES, "foto.jpeg");
      expect(response.statusCode, response.body).toBe(201);
      const row = await rowOf(response.json().id);
      expect(row).toMatchObject({
        review: "PENDING",
        reviewedBy: null,
        reviewedAt: null,
        supplierId: supplierA,
      });
      expect(row).toMatchObject({ contentType: "image/jpeg", fileName: "foto.jpg", category: null });
    }
  });

  it("answers 404 to a supplier user for another supplier's driver, vehicle or the supplier itself, storing nothing", async () => {
    const { db } = await testDatabase();
    const before = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.supplierId, supplierB));
    for (const fields of [
      { ownerType: "DRIVER", ownerId: driverB, type: "LICENSE" },
      { ownerType: "VEHICLE", ownerId: driverB, type: "INSURANCE" },
      { ownerType: "SUPPLIER", ownerId: supplierB, type: "CONTRACT" },
    ]) {
      const response = await uploadDocument(harness.app, supplierUserA, fields);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DOCUMENT_OWNER_NOT_FOUND_MESSAGE);
    }
    const after = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.supplierId, supplierB));
    expect(after).toEqual(before);
  });

  it("answers 404 for an owner that does not exist", async () => {
    for (const ownerType of ["DRIVER", "VEHICLE", "SUPPLIER"]) {
      const type = ownerType === "SUPPLIER" ? "CONTRACT" : ownerType === "DRIVER" ? "LICENSE" : "INSURANCE";
      const response = await uploadDocument(harness.app, admin, { ownerType, ownerId: 2_000_000_000, type });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DOCUMENT_OWNER_NOT_FOUND_MESSAGE);
    }
  });

  it("judges the file by its content: a PNG named .pdf is kept as a PNG", async () => {
    const response = await uploadDocument(
      harness.app,
      admin,
      { ownerType: "VEHICLE", ownerId: driverA, type: "TECHNICAL_INSPECTION" },
      PNG_BYTES,
      "../../inspección técnica.pdf",
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await rowOf(response.json().id);
    expect(row.contentType).toBe("image/png");
    expect(row.fileName).toBe("inspección técnica.png");
  });

  it("refuses executables, archives and pages whatever their name, and an empty file", async () => {
    const cases: [Buffer, string][] = [
      [EXE_BYTES, "licencia.pdf"],
      [EXE_BYTES, "setup.exe"],
      [ZIP_BYTES, "licencia.png"],
      [HTML_BYTES, "licencia.jpg"],
      [Buffer.from("%PDF", "latin1"), "corto.pdf"],
      [Buffer.alloc(0), "vacio.pdf"],
      [Buffer.concat([Buffer.from(" "), PDF_BYTES]), "espacio.pdf"],
    ];
    for (const [bytes, name] of cases) {
      const response = await uploadDocument(
        harness.app,
        admin,
        { ownerType: "DRIVER", ownerId: driverA, type: "LICENSE" },
        bytes,
        name,
      );
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        message: DOCUMENT_FILE_MESSAGE,
        errors: { file: DOCUMENT_FILE_MESSAGE },
      });
    }
  });

  it("answers 413 past 10 MB (the file or the declared length) and takes exactly 10 MB", async () => {
    const fields = { ownerType: "DRIVER", ownerId: driverA, type: "LICENSE" };
    const exact = Buffer.concat([PDF_BYTES, Buffer.alloc(DOCUMENT_MAX_BYTES - PDF_BYTES.length, 0x20)]);
    expect((await uploadDocument(harness.app, admin, fields, exact)).statusCode).toBe(201);
    const over = Buffer.concat([exact, Buffer.from(" ")]);
    const response = await uploadDocument(harness.app, admin, fields, over);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(DOCUMENT_SIZE_MESSAGE);
    const huge = await uploadDocument(
      harness.app,
      admin,
      fields,
      Buffer.concat([over, Buffer.alloc(1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(DOCUMENT_SIZE_MESSAGE);
  });

  it("answers each field's message in Spanish", async () => {
    const post = (fields: Record<string, string | number>, file: Buffer | null = PDF_BYTES) =>
      harness.app.inject({
        method: "POST",
        url: API.document.upload.path,
        headers: admin.headers,
        payload: documentForm(fields, file),
      });
    const valid = {
      ownerType: "DRIVER",
      ownerId: driverA,
      type: "LICENSE",
      number: "L-9",
      expiresOn: "2027-01-31",
      category: "3",
    };
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ...valid, ownerType: "TRUCK" }, "ownerType", DOCUMENT_OWNER_TYPE_MESSAGE],
      [{ ...valid, type: "INSURANCE" }, "type", DOCUMENT_TYPE_MESSAGE],
      [{ ...valid, type: "PASSPORT" }, "type", DOCUMENT_TYPE_MESSAGE],
      [{ ...valid, category: "" }, "category", DOCUMENT_CATEGORY_MESSAGE],
      [{ ...valid, category: "9" }, "category", DOCUMENT_CATEGORY_MESSAGE],
      [{ ...valid, expiresOn: "31/01/2027" }, "expiresOn", DOCUMENT_EXPIRES_MESSAGE],
      [{ ...valid, expiresOn: "2027-02-30" }, "expiresOn", DOCUMENT_EXPIRES_MESSAGE],
      [{ ...valid, number: "  " }, "number", REQUIRED_MESSAGE],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors[field], field).toBe(message);
    }
    const noFile = await post(valid, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(DOCUMENT_FILE_REQUIRED_MESSAGE);
    const json = await harness.app.inject({
      method: "POST",
      url: API.document.upload.path,
      headers: admin.headers,
      payload: valid,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(DOCUMENT_FILE_REQUIRED_MESSAGE);
  });

  it("answers 401 without a session and 403 to roles outside the portal", async () => {
    const anonymous = await harness.app.inject({
      method: "POST",
      url: API.document.upload.path,
      payload: documentForm({ ownerType: "DRIVER", ownerId: driverA, type: "LICENSE" }, PDF_BYTES),
    });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(harness.app, role);
      const response = await uploadDocument(harness.app, session, {
        ownerType: "DRIVER",
        ownerId: driverA,
        type: "LICENSE",
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
