import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, employees, users } from "../../src/db/schema.js";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  signedInAs,
  signIn,
  testDatabase,
  unique,
  uniqueEmail,
  uniqueIdentityCard,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const post = (endpoint: ApiEndpoint, payload: object, headers: object = admin.headers) =>
  app.inject({
    method: "POST",
    url: apiPath(endpoint),
    headers: headers as Record<string, string>,
    payload,
  });

async function employeeInput(overrides: object = {}) {
  const office = await createBranchOffice();
  return {
    email: uniqueEmail(),
    password: "Colaborador1",
    name: "Rosa",
    lastname: "Almonte",
    codeEmployee: unique("EMP-"),
    department: "Finanzas",
    jobTitle: "Contadora",
    telephone: "(809) 555-1234",
    branchOfficeId: office.id,
    ...overrides,
  };
}

async function userCount(email: string) {
  const { db } = await testDatabase();
  return (await db.select().from(users).where(eq(users.email, email))).length;
}

describe("POST /api/v1/Auth/employeeSignup", () => {
  it("creates the user and the employee; the collaborator can sign in", async () => {
    const input = await employeeInput();
    const response = await post(API.auth.employeeSignup, input);
    expect(response.statusCode).toBe(201);
    const { userId, id } = response.json();
    const { db } = await testDatabase();
    const [employee] = await db.select().from(employees).where(eq(employees.id, id));
    expect(employee).toMatchObject({ userId, name: "Rosa", codeEmployee: input.codeEmployee });
    expect(employee?.codeQr.length).toBeGreaterThan(10);
    await expect(signIn(app, input.email, "Colaborador1")).resolves.toMatchObject({ userId });
  });

  it("without a password gives a temporary one that must be changed", async () => {
    const { password: _, ...input } = await employeeInput();
    const response = await post(API.auth.employeeSignup, input);
    expect(response.statusCode).toBe(201);
    const temporary = response.json().temporaryPassword;
    const session = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: input.email, password: temporary },
    });
    expect(session.json().mustChangePassword).toBe(true);
  });

  it("answers duplicates with 409 on the field and writes nothing half-way", async () => {
    const first = await employeeInput();
    await post(API.auth.employeeSignup, first);
    const sameEmail = await post(API.auth.employeeSignup, await employeeInput({ email: first.email }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual({ email: "Ya existe un usuario con este correo" });

    const second = await employeeInput({ codeEmployee: first.codeEmployee.toLowerCase() });
    const sameCode = await post(API.auth.employeeSignup, second);
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().errors).toEqual({ codeEmployee: "Ya existe un colaborador con este código" });
    expect(await userCount(second.email)).toBe(0);
  });

  it("validates fields in Spanish", async () => {
    const response = await post(API.auth.employeeSignup, {
      email: "x",
      telephone: "8095551234",
      branchOfficeId: "a",
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.email).toBe("Correo electrónico inválido");
    expect(errors.telephone).toBe("Teléfono incorrecto");
    expect(errors.name).toBe("Este campo es requerido");
    expect(errors.codeEmployee).toBe("Este campo es requerido");
    expect(errors.branchOfficeId).toBe("Identificador inválido");
    const tooLong = await post(API.auth.employeeSignup, await employeeInput({ name: "a".repeat(81) }));
    expect(tooLong.json().errors.name).toBe("Máximo 80 caracteres");
  });

  it("refuses unknown (404) and inactive (409) branch offices", async () => {
    expect(
      (await post(API.auth.employeeSignup, await employeeInput({ branchOfficeId: 999_999_999 }))).statusCode,
    ).toBe(404);
    const inactive = await createBranchOffice({ status: "inactive" });
    const input = await employeeInput({ branchOfficeId: inactive.id });
    const response = await post(API.auth.employeeSignup, input);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("La sucursal está inactiva");
    expect(await userCount(input.email)).toBe(0);
  });

  it("only a SuperAdmin creates a SuperAdmin; collaborators cannot sign anyone up", async () => {
    expect(
      (await post(API.auth.employeeSignup, await employeeInput({ role: "SuperAdmin" }))).statusCode,
    ).toBe(403);
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect(
      (await post(API.auth.employeeSignup, await employeeInput({ role: "SuperAdmin" }), superAdmin.headers))
        .statusCode,
    ).toBe(201);
    const collaborator = await signedInAs(app, "Collaborator");
    expect(
      (await post(API.auth.employeeSignup, await employeeInput(), collaborator.headers)).statusCode,
    ).toBe(403);
    expect((await post(API.auth.employeeSignup, await employeeInput(), {})).statusCode).toBe(401);
  });
});

describe("POST /api/v1/Auth/employeeLocationSignup", () => {
  it("stores the home location", async () => {
    const input = await employeeInput({
      location: { address: "Calle El Conde 10, Zona Colonial", latitude: 18.4735, longitude: -69.8849 },
    });
    const response = await post(API.auth.employeeLocationSignup, input);
    expect(response.statusCode).toBe(201);
    const { db } = await testDatabase();
    const [employee] = await db.select().from(employees).where(eq(employees.id, response.json().id));
    expect(employee).toMatchObject({
      address: "Calle El Conde 10, Zona Colonial",
      latitude: 18.4735,
      longitude: -69.8849,
    });
    const bad = await post(
      API.auth.employeeLocationSignup,
      await employeeInput({ location: { address: "", latitude: 91, longitude: -200 } }),
    );
    expect(bad.json().errors).toMatchObject({
      "location.address": "Este campo es requerido",
      "location.latitude": "La latitud debe estar entre -90 y 90",
      "location.longitude": "La longitud debe estar entre -180 y 180",
    });
  });
});

describe("POST /api/v1/Auth/driverSignup", () => {
  async function driverInput(overrides: object = {}) {
    const supplier = await createSupplier();
    return {
      email: uniqueEmail(),
      password: "Chofer12345",
      name: "Pedro",
      lastname: "Santana",
      identityCard: uniqueIdentityCard(),
      telephone: "(829) 555-9876",
      licenseNumber: "LIC-123456",
      supplierId: supplier.id,
      vehiclePlate: "I123456",
      vehicleModel: "Toyota Hiace 2022",
      vehicleCapacity: 15,
      ...overrides,
    };
  }

  it("creates a driver of the supplier who can sign in as Driver", async () => {
    const input = await driverInput();
    const response = await post(API.auth.driverSignup, input);
    expect(response.statusCode).toBe(201);
    const { db } = await testDatabase();
    const [driver] = await db.select().from(drivers).where(eq(drivers.id, response.json().id));
    expect(driver).toMatchObject({
      supplierId: input.supplierId,
      identityCard: input.identityCard,
      vehicleCapacity: 15,
    });
    const session = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: input.email, password: "Chofer12345" },
    });
    expect(session.json().roles).toEqual(["Driver"]);
  });

  it("validates the cédula, telephone and capacity; refuses duplicate cédulas and inactive suppliers", async () => {
    const bad = await post(
      API.auth.driverSignup,
      await driverInput({ identityCard: "00112345678", telephone: "809-555-1234", vehicleCapacity: 0 }),
    );
    expect(bad.json().errors).toMatchObject({
      identityCard: "Cédula incorrecta (formato 000-0000000-0)",
      telephone: "Teléfono incorrecto",
      vehicleCapacity: "La capacidad debe ser un número entero entre 1 y 120",
    });
    const wrongDigit = await post(
      API.auth.driverSignup,
      await driverInput({ identityCard: "001-1234567-8" }),
    );
    expect(wrongDigit.json().errors).toEqual({ identityCard: "Cédula incorrecta (dígito verificador)" });
    const first = await driverInput();
    await post(API.auth.driverSignup, first);
    const duplicate = await post(
      API.auth.driverSignup,
      await driverInput({ identityCard: first.identityCard }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ identityCard: "Ya existe un chofer con esta cédula" });
    const inactive = await createSupplier({ status: "inactive" });
    expect(
      (await post(API.auth.driverSignup, await driverInput({ supplierId: inactive.id }))).statusCode,
    ).toBe(409);
  });
});
