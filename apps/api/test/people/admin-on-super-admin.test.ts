import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, profileImages, users } from "../../src/db/schema.js";
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

    const userStatus = await send("PUT", API.user.status.path, { id: user.id, status: "inactive" });
    expect(userStatus.statusCode).toBe(403);
    expect(userStatus.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");
    const employeeStatus = await send("PUT", API.employee.status.path, {
      id: employee.id,
      status: "inactive",
    });
    expect(employeeStatus.statusCode).toBe(403);
    expect(employeeStatus.json().message).toBe("Solo un SuperAdmin puede cambiar el estado de un SuperAdmin");

    const password = await send("PUT", API.auth.regeneratePassword.path, { userId: user.id });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(
      "Solo un SuperAdmin puede regenerar la contraseña de un Admin o SuperAdmin",
    );

    const branchOffice = await createBranchOffice();
    const edit = await send("PUT", API.employee.update.path, {
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

    const role = await send("POST", API.auth.roleUser.path, { userId: user.id, role: "Admin" });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe("Solo un SuperAdmin puede otorgar o quitar el rol SuperAdmin");

    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    const [stored] = await db.select().from(employees).where(eq(employees.id, employee.id));
    expect(stored?.name).toBe(employee.name);
    await expect(signIn(app, user.email)).resolves.toMatchObject({ userId: user.id });
  });
});

const PEER_EDIT = "Solo un SuperAdmin puede editar a un Admin o SuperAdmin";
const png = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** The QR, the profile photo and the home location of an employee, as `session`. */
async function touchAll(session: SignedIn, target: { userId: number; employeeId: number }) {
  const as = (method: "POST" | "PUT", url: string, payload: object) =>
    app.inject({ method, url, headers: session.headers, payload });
  const location = {
    employeeId: target.employeeId,
    address: "Calle Falsa 1",
    latitude: 18.5,
    longitude: -69.9,
  };
  return {
    qr: await as("PUT", API.employee.codeQr.path, { employeeId: target.employeeId }),
    update: await as("PUT", API.employee.updateLocation.path, location),
    add: await as("POST", API.employee.addLocation.path, location),
    photo: await app.inject({
      method: "PUT",
      url: apiPath(API.profileImage.upload, { userId: target.userId }),
      headers: { ...session.headers, "content-type": "image/png" },
      payload: await png(),
    }),
  };
}

async function snapshot(target: { userId: number; employeeId: number }) {
  const { db } = await testDatabase();
  const [employee] = await db.select().from(employees).where(eq(employees.id, target.employeeId));
  const images = await db.select().from(profileImages).where(eq(profileImages.userId, target.userId));
  return { employee, images };
}

describe("QR, photo and home location of an Admin or SuperAdmin (issue 21)", () => {
  it("another Admin is refused (403) and nothing changes", async () => {
    for (const role of ["SuperAdmin", "Admin"] as const) {
      const { user, employee } = await createEmployee({ role });
      const target = { userId: user.id, employeeId: employee.id };
      const before = await snapshot(target);
      const answers = await touchAll(admin, target);
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.statusCode, `${role} ${name}`).toBe(403);
        expect(answer.json().message, `${role} ${name}`).toBe(PEER_EDIT);
      }
      expect(await snapshot(target)).toEqual(before);
    }
  });

  it("a SuperAdmin may; an Admin may on itself and on collaborators", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const peer = await createEmployee({ role: "Admin" });
    const collaborator = await createEmployee();
    const [ownEmployee] = await (await testDatabase()).db
      .select()
      .from(employees)
      .where(eq(employees.userId, admin.userId));
    if (!ownEmployee) throw new Error("no employee");
    for (const [session, target] of [
      [superAdmin, { userId: peer.user.id, employeeId: peer.employee.id }],
      [admin, { userId: admin.userId, employeeId: ownEmployee.id }],
      [admin, { userId: collaborator.user.id, employeeId: collaborator.employee.id }],
    ] as const) {
      const answers = await touchAll(session, target);
      for (const [name, answer] of Object.entries(answers)) expect(answer.statusCode, name).toBe(200);
      const after = await snapshot(target);
      expect(after.employee?.address).toBe("Calle Falsa 1");
      expect(after.images).toHaveLength(1);
    }
  });
});
