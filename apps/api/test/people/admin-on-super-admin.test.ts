import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, users } from "../../src/db/schema.js";
import { createEmployee } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  type SignedIn,
  signedInAs,
  signIn,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const send = (method: "POST" | "PUT", url: string, payload?: object) =>
  app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

describe("an Admin acting on a SuperAdmin", () => {
  it("is refused (403) for status, password, data and role, and nothing changes", async () => {
    const { user, employee } = await createEmployee({ role: "SuperAdmin" });
    const { db } = await testDatabase();
    const before = await db.select().from(users).where(eq(users.id, user.id));

    const userStatus = await send("PUT", "/api/v1/User/status", { id: user.id, status: "inactive" });
    expect(userStatus.statusCode).toBe(403);
    expect(userStatus.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");
    const employeeStatus = await send("PUT", "/api/v1/Employee/status", {
      id: employee.id,
      status: "inactive",
    });
    expect(employeeStatus.statusCode).toBe(403);
    expect(employeeStatus.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");

    const password = await send("PUT", "/api/v1/Auth/RegeneratePassword", { userId: user.id });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(
      "Solo un SuperAdmin puede regenerar la contraseña de un Admin o SuperAdmin",
    );

    const branchOffice = await createBranchOffice();
    const edit = await send("PUT", "/api/v1/Employee", {
      id: employee.id,
      name: "Cambiado",
      lastname: "Por Admin",
      codeEmployee: employee.codeEmployee,
      department: "Finanzas",
      jobTitle: "Analista",
      telephone: "(829) 555-0101",
      branchOfficeId: branchOffice.id,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe("Solo un SuperAdmin puede editar a un Admin o SuperAdmin");

    const role = await send("POST", "/api/v1/Auth/roleUser", { userId: user.id, role: "Admin" });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe("Solo un SuperAdmin puede otorgar o quitar el rol SuperAdmin");

    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    const [stored] = await db.select().from(employees).where(eq(employees.id, employee.id));
    expect(stored?.name).toBe(employee.name);
    await expect(signIn(app, user.email)).resolves.toMatchObject({ userId: user.id });
  });
});
