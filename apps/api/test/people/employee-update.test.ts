import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import { createEmployee } from "../helpers/people-factories.js";
import { buildTestApp, createBranchOffice, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const put = (payload: object, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: "PUT", url: API.employee.update.path, payload, headers });

async function storedEmployee(id: number) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  return row;
}

async function validBody(id: number) {
  const branchOffice = await createBranchOffice();
  return {
    id,
    name: "María",
    lastname: "Santana",
    codeEmployee: unique("E"),
    department: "Finanzas",
    jobTitle: "Analista",
    telephone: "(829) 555-0101",
    branchOfficeId: branchOffice.id,
  };
}

describe("PUT /api/v1/Employee", () => {
  it("only a SuperAdmin edits an Admin's or SuperAdmin's record; an Admin edits its own", async () => {
    const peer = await createEmployee({ role: "Admin" });
    const denied = await put(await validBody(peer.employee.id));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Solo un SuperAdmin puede editar a un Admin o SuperAdmin");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await put(await validBody(peer.employee.id), superAdmin.headers)).statusCode).toBe(200);
    const { db } = await testDatabase();
    const [own] = await db.select().from(employees).where(eq(employees.userId, admin.userId));
    expect((await put(await validBody(own?.id as number))).statusCode).toBe(200);
  });

  it("edits the employee data of a collaborator", async () => {
    const { employee } = await createEmployee();
    const body = await validBody(employee.id);
    const response = await put(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Colaborador actualizado" });
    const stored = await storedEmployee(employee.id);
    expect(stored).toMatchObject({ ...body, codeQr: employee.codeQr });
  });

  it("answers 409 on the field for another collaborator's code, and changes nothing", async () => {
    const { employee: other } = await createEmployee({}, { codeEmployee: unique("DUP") });
    const { employee } = await createEmployee();
    const body = { ...(await validBody(employee.id)), codeEmployee: other.codeEmployee.toLowerCase() };
    const response = await put(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ codeEmployee: "Ya existe un colaborador con este código" });
    expect((await storedEmployee(employee.id))?.name).toBe(employee.name);
  });

  it("refuses an inactive or unknown branch office and unknown collaborators", async () => {
    const { employee } = await createEmployee();
    const inactive = await createBranchOffice({ status: "inactive" });
    const inactiveResponse = await put({ ...(await validBody(employee.id)), branchOfficeId: inactive.id });
    expect(inactiveResponse.statusCode).toBe(409);
    expect(inactiveResponse.json().message).toBe("La sucursal está inactiva");
    expect((await put({ ...(await validBody(employee.id)), branchOfficeId: 99_999_999 })).statusCode).toBe(
      404,
    );
    const unknown = await put(await validBody(99_999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/no encontrado/i);
  });

  it("validates the body in Spanish", async () => {
    const { employee } = await createEmployee();
    const response = await put({ ...(await validBody(employee.id)), name: "", telephone: "8095551234" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: "Este campo es requerido",
      telephone: "Teléfono incorrecto",
    });
  });

  it("is for admins only", async () => {
    const { employee } = await createEmployee();
    const body = await validBody(employee.id);
    expect(
      (await app.inject({ method: "PUT", url: API.employee.update.path, payload: body })).statusCode,
    ).toBe(401);
    const collaborator = await signedInAs(app, "Collaborator");
    expect((await put(body, collaborator.headers)).statusCode).toBe(403);
  });
});
