import { RATE_REQUIRED_MESSAGE, type SupplierItem, VEHICLE_RATES_REQUIRED_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppliers } from "../../src/db/schema.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

/** A supplier's rate (issue 33): per trip, per km or per vehicle type, kept when a client omits it. */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const URL = API.supplier.create.path;
const body = () => ({ name: unique("Transporte "), telephone: "(809) 555-0000" });
const send = (method: "POST" | "PUT", payload: object) =>
  app.inject({ method, url: URL, headers: admin.headers, payload });
async function listed(name: string): Promise<SupplierItem | undefined> {
  const response = await app.inject({
    method: "GET",
    url: `${URL}/list`,
    headers: admin.headers,
    query: { criterion: name },
  });
  return (response.json().list as SupplierItem[])[0];
}
const NONE = { car: null, van: null, minibus: null, bus: null };

describe("Supplier rates", () => {
  it("creates with a rate per km, edits it to one by vehicle type, keeps it when omitted, removes it with null", async () => {
    const fields = body();
    const created = await send("POST", { ...fields, rateType: "km", rateAmount: 2.75 });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(await listed(fields.name)).toMatchObject({ rateType: "km", rateAmount: 2.75, vehicleRates: NONE });

    const byVehicle = await send("PUT", {
      ...fields,
      id,
      rateType: "vehicle",
      rateAmount: 9,
      vehicleRates: { van: 35, minibus: 55.5, bus: null },
    });
    expect(byVehicle.statusCode, byVehicle.body).toBe(200);
    // The per-km amount goes with the per-km rate.
    expect(await listed(fields.name)).toMatchObject({
      rateType: "vehicle",
      rateAmount: null,
      vehicleRates: { car: null, van: 35, minibus: 55.5, bus: null },
    });

    // The spec's supplier form sends no rate: the stored one stays.
    expect((await send("PUT", { ...fields, id, contactName: "Rosa" })).statusCode).toBe(200);
    expect(await listed(fields.name)).toMatchObject({ contactName: "Rosa", rateType: "vehicle" });

    expect((await send("PUT", { ...fields, id, rateType: null })).statusCode).toBe(200);
    expect(await listed(fields.name)).toMatchObject({ rateType: null, rateAmount: null, vehicleRates: NONE });
    const { db } = await testDatabase();
    const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
    expect(row).toMatchObject({ rateType: null, rateAmount: null, rateVan: null, rateMinibus: null });
  });

  it("400 in Spanish on the field: a rate without its amount, a negative or fractional cent amount, an unknown type", async () => {
    const errors = async (rate: object) => {
      const response = await send("POST", { ...body(), ...rate });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors as Record<string, string>;
    };
    expect(await errors({ rateType: "trip" })).toEqual({ rateAmount: RATE_REQUIRED_MESSAGE });
    expect(await errors({ rateType: "vehicle", vehicleRates: { van: 0 } })).toEqual({
      vehicleRates: VEHICLE_RATES_REQUIRED_MESSAGE,
    });
    expect((await errors({ rateType: "trip", rateAmount: -5 })).rateAmount).toBe(
      "La tarifa no puede ser negativa",
    );
    expect((await errors({ rateType: "km", rateAmount: 0.125 })).rateAmount).toBe(
      "La tarifa admite como máximo 2 decimales",
    );
    expect((await errors({ rateType: "hora", rateAmount: 5 })).rateType).toBe("Tipo de tarifa inválido");
  });
});
