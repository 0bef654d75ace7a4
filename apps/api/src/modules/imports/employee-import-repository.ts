/** The collaborators an import reads and writes, many at a time (issue 24). */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { employees, users } from "../../db/schema.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { chunks } from "./import-accounts-repository.js";

type Conn = Db | Tx;

export type StoredEmployee = {
  employeeId: number;
  userId: number;
  role: string;
  email: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** The employees of these codes (folded to lower case, as the unique index): code → employee. */
export async function findEmployeesByCode(conn: Conn, codes: readonly string[]) {
  const found = new Map<string, StoredEmployee>();
  const folded = sql<string>`lower(${employees.codeEmployee})`;
  for (const part of chunks([...new Set(codes)])) {
    const rows = await conn
      .select({
        code: folded,
        employeeId: employees.id,
        userId: employees.userId,
        role: users.role,
        email: users.email,
        address: employees.address,
        latitude: employees.latitude,
        longitude: employees.longitude,
      })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(inArray(folded, part));
    for (const { code, ...row } of rows) found.set(code, row);
  }
  return found;
}

export type EmployeeImportValues = {
  codeEmployee: string;
  name: string;
  lastname: string;
  telephone: string;
  department: string;
  jobTitle: string;
  branchOfficeId: number;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** New employees of new accounts, one INSERT per batch. */
export async function insertEmployees(tx: Tx, rows: readonly (EmployeeImportValues & { userId: number })[]) {
  for (const part of chunks(rows)) {
    await tx.insert(employees).values(part.map((row) => ({ ...row, codeQr: newCodeQr() })));
  }
}

/** Existing employees' data and home, one `UPDATE … FROM (VALUES …)` per batch. */
export async function updateEmployees(
  tx: Tx,
  rows: readonly (EmployeeImportValues & { employeeId: number })[],
) {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map(
        (
          row,
        ) => sql`(${row.employeeId}::int, ${row.codeEmployee}::text, ${row.name}::text, ${row.lastname}::text,
          ${row.telephone}::text, ${row.department}::text, ${row.jobTitle}::text, ${row.branchOfficeId}::int,
          ${row.address}::text, ${row.latitude}::double precision, ${row.longitude}::double precision)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${employees} set
        code_employee = v.code, name = v.name, lastname = v.lastname, telephone = v.telephone,
        department = v.department, job_title = v.job_title, branch_office_id = v.branch_office_id,
        address = v.address, latitude = v.latitude, longitude = v.longitude, updated_at = now()
      from (values ${values}) as v(id, code, name, lastname, telephone, department, job_title,
        branch_office_id, address, latitude, longitude)
      where ${employees.id} = v.id`);
  }
}
