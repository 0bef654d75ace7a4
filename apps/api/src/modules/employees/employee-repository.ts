import { randomBytes } from "node:crypto";
import type { EmployeeListQuery, EmployeeUpdateRequest } from "@treiber/contract";
import { and, desc, eq, gte, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { pageByIds } from "../../db/page-by-ids.js";
import { branchOffices, employees, profileImages, users } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { employeeSearch } from "./employee-search-sql.js";

type Conn = Db | Tx;

export type NewEmployee = {
  userId: number;
  codeEmployee: string;
  name: string;
  lastname: string;
  department: string | null;
  jobTitle: string | null;
  telephone?: string | null;
  branchOfficeId?: number | null;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/** A random, URL-safe QR payload (regenerable). */
export const newCodeQr = () => randomBytes(12).toString("base64url");

export async function insertEmployee(tx: Tx, values: NewEmployee): Promise<number> {
  const [row] = await tx
    .insert(employees)
    .values({ ...values, codeQr: newCodeQr() })
    .returning({ id: employees.id });
  if (!row) throw new Error("employee insert returned nothing");
  return row.id;
}

export type EmployeeUpdateOutcome =
  | { userId: number }
  | "employee-not-found"
  | "branch-office-not-found"
  | "branch-office-inactive";

/**
 * Edits a collaborator's employee data in the caller's transaction, checking its branch office;
 * the employee's user once written.
 */
export async function updateEmployee(
  tx: Tx,
  request: Omit<EmployeeUpdateRequest, "email">,
): Promise<EmployeeUpdateOutcome> {
  const { id, ...values } = request;
  const [employee] = await tx
    .select({ userId: employees.userId })
    .from(employees)
    .where(eq(employees.id, id))
    .limit(1)
    .for("update");
  if (!employee) return "employee-not-found";
  const [branchOffice] = await tx
    .select({ status: branchOffices.status })
    .from(branchOffices)
    .where(eq(branchOffices.id, values.branchOfficeId))
    .limit(1);
  if (!branchOffice) return "branch-office-not-found";
  if (branchOffice.status !== "active") return "branch-office-inactive";
  await tx
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employees.id, id));
  return { userId: employee.userId };
}

/** Up to 20 employees (or only collaborators) matching the search, by name. */
export function searchEmployees(db: Db, criterion: string | undefined, collaboratorsOnly: boolean) {
  const filters: SQL[] = [];
  if (criterion) filters.push(employeeSearch(criterion));
  if (collaboratorsOnly) filters.push(eq(users.role, "Collaborator"));
  return db
    .select({
      id: employees.id,
      userId: employees.userId,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(...filters))
    .orderBy(employees.name, employees.lastname, employees.id)
    .limit(20);
}

export type EmployeeFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** `missing`: only those without a home point to plan from ("Sin ubicación"). */
  location?: EmployeeListQuery["location"];
} & SortRequest<NonNullable<EmployeeListQuery["sortBy"]>>;

/** One page of employees, newest first (or as sorted), with the total that match. */
export async function listEmployees(db: Db, filter: EmployeeFilter) {
  const order = sortOrder(
    {
      codeEmployee: employees.codeEmployee,
      name: employees.name,
      lastname: employees.lastname,
      createdDate: employees.createdAt,
    },
    employees.id,
    filter,
    [desc(employees.createdAt), desc(employees.id)],
  );
  const filters: SQL[] = [];
  if (filter.criterion) filters.push(employeeSearch(filter.criterion));
  if (filter.createdFrom) filters.push(gte(employees.createdAt, filter.createdFrom));
  if (filter.createdTo) filters.push(lt(employees.createdAt, filter.createdTo));
  if (filter.location === "missing") {
    filters.push(or(isNull(employees.latitude), isNull(employees.longitude)) as SQL);
  }
  const where = and(...filters);
  return pageByIds(db, employees, where, order, filter, (inPage) =>
    db
      .select({
        id: employees.id,
        userId: employees.userId,
        email: users.email,
        name: employees.name,
        lastname: employees.lastname,
        codeEmployee: employees.codeEmployee,
        department: employees.department,
        jobTitle: employees.jobTitle,
        telephone: employees.telephone,
        branchOfficeId: employees.branchOfficeId,
        branchOfficeName: branchOffices.name,
        address: employees.address,
        latitude: employees.latitude,
        longitude: employees.longitude,
        role: users.role,
        status: users.status,
        createdAt: employees.createdAt,
      })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .leftJoin(branchOffices, eq(branchOffices.id, employees.branchOfficeId))
      .where(inPage)
      .orderBy(...order),
  );
}

/** The user behind an employee, or undefined when the employee does not exist. */
export async function findEmployeeUserId(db: Db, id: number) {
  const [row] = await db
    .select({ userId: employees.userId })
    .from(employees)
    .where(eq(employees.id, id))
    .limit(1);
  return row?.userId;
}

/** The employee's user account: id and role. */
export async function findEmployeeUserRole(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, id))
    .limit(1);
  return row;
}

/** The employee record of a user (a collaborator or an admin), if it has one. */
export async function findEmployeeOfUser(conn: Conn, userId: number) {
  const [row] = await conn
    .select({ id: employees.id, name: employees.name, lastname: employees.lastname })
    .from(employees)
    .where(eq(employees.userId, userId));
  return row;
}

export async function employeeExists(conn: Conn, id: number) {
  const [row] = await conn.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  return row !== undefined;
}

/** Edits an employee's columns; false when the employee does not exist. */
export async function updateEmployeeColumns(
  db: Db,
  id: number,
  values: Partial<Pick<typeof employees.$inferInsert, "codeQr" | "address" | "latitude" | "longitude">>,
) {
  const rows = await db
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employees.id, id))
    .returning({ id: employees.id });
  return rows.length > 0;
}

/** Active collaborators with a full location (address and coordinates), by name. */
export function listEmployeeLocations(db: Db) {
  return db
    .select({
      id: employees.id,
      name: employees.name,
      lastname: employees.lastname,
      address: employees.address,
      latitude: employees.latitude,
      longitude: employees.longitude,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(users.status, "active"),
        isNotNull(employees.address),
        isNotNull(employees.latitude),
        isNotNull(employees.longitude),
      ),
    )
    .orderBy(employees.name, employees.lastname, employees.id);
}

/** A user's own employee profile, with its profile image's etag. */
export async function findEmployeeProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      employeeId: employees.id,
      name: employees.name,
      lastname: employees.lastname,
      codeEmployee: employees.codeEmployee,
      department: employees.department,
      jobTitle: employees.jobTitle,
      telephone: employees.telephone,
      email: users.email,
      etag: profileImages.etag,
      codeQr: employees.codeQr,
      branchOfficeName: branchOffices.name,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(branchOffices, eq(branchOffices.id, employees.branchOfficeId))
    .leftJoin(profileImages, eq(profileImages.userId, users.id))
    .where(eq(employees.userId, userId))
    .limit(1);
  return row;
}

/** Edits a user's own employee profile; false when the user has no employee record. */
export async function updateEmployeeProfile(
  db: Db,
  userId: number,
  values: { name: string; lastname: string; telephone: string; jobTitle?: string },
) {
  const rows = await db
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employees.userId, userId))
    .returning({ id: employees.id });
  return rows.length > 0;
}
