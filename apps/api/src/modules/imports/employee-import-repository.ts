/** The collaborators an import reads and writes, many at a time (issue 24). */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { jsonRows } from "../../db/json-rows.js";
import { branchOffices, employees, users } from "../../db/schema.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { chunks, rowsOf } from "./import-accounts-repository.js";

type Conn = Db | Tx;

/** A stored employee as an import matches it, with what a row may change (issue 33: unchanged rows). */
export type StoredEmployee = {
  employeeId: number;
  userId: number;
  role: string;
  email: string;
  codeEmployee: string;
  name: string;
  lastname: string;
  telephone: string | null;
  department: string | null;
  jobTitle: string | null;
  branchOfficeId: number | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The employees of these codes, compared as the unique index does (`lower()` on both sides), each
 * under the code as asked: code → employee.
 */
export async function findEmployeesByCode(conn: Conn, codes: readonly string[]) {
  const found = new Map<string, StoredEmployee>();
  for (const part of chunks([...new Set(codes)])) {
    const result = await conn.execute(sql`
      select k.code, e.id as "employeeId", e.user_id as "userId", u.role, u.email,
        e.code_employee as "codeEmployee", e.name, e.lastname, e.telephone, e.department,
        e.job_title as "jobTitle", e.branch_office_id as "branchOfficeId",
        e.address, e.latitude, e.longitude
      from json_array_elements_text(${JSON.stringify(part)}::json) as k(code)
      join ${employees} e on lower(e.code_employee) = lower(k.code)
      join ${users} u on u.id = e.user_id`);
    for (const { code, ...row } of rowsOf<StoredEmployee & { code: string }>(result)) found.set(code, row);
  }
  return found;
}

/** Every branch office by name and status, with its point (issue 33: homes far from it). */
export function listBranchOfficesForImport(conn: Conn) {
  return conn
    .select({
      id: branchOffices.id,
      name: branchOffices.name,
      status: branchOffices.status,
      latitude: branchOffices.latitude,
      longitude: branchOffices.longitude,
    })
    .from(branchOffices);
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

const columnsOf = (row: EmployeeImportValues) => ({
  code_employee: row.codeEmployee,
  name: row.name,
  lastname: row.lastname,
  telephone: row.telephone,
  department: row.department,
  job_title: row.jobTitle,
  branch_office_id: row.branchOfficeId,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
});

const RECORD = sql.raw(`code_employee text, name text, lastname text, telephone text, department text,
  job_title text, branch_office_id int, address text, latitude float8, longitude float8`);

/** New employees of new accounts, one INSERT per batch; their ids with their users'. */
export async function insertEmployees(tx: Tx, rows: readonly (EmployeeImportValues & { userId: number })[]) {
  const created: { employeeId: number; userId: number }[] = [];
  for (const part of chunks(rows)) {
    const values = part.map((row) => ({ ...columnsOf(row), user_id: row.userId, code_qr: newCodeQr() }));
    const inserted = rowsOf<{ id: number; user_id: number }>(
      await tx.execute(sql`
      insert into ${employees} (user_id, code_employee, name, lastname, telephone, department, job_title,
        branch_office_id, address, latitude, longitude, code_qr)
      select v.user_id, v.code_employee, v.name, v.lastname, v.telephone, v.department, v.job_title,
        v.branch_office_id, v.address, v.latitude, v.longitude, v.code_qr
      from ${jsonRows(values)} as v(user_id int, code_qr text, ${RECORD})
      returning id, user_id`),
    );
    for (const row of inserted) created.push({ employeeId: Number(row.id), userId: Number(row.user_id) });
  }
  return created;
}

/** Existing employees' data and home, one `UPDATE … FROM` per batch. */
export async function updateEmployees(
  tx: Tx,
  rows: readonly (EmployeeImportValues & { employeeId: number })[],
) {
  for (const part of chunks(rows)) {
    const values = part.map((row) => ({ ...columnsOf(row), id: row.employeeId }));
    await tx.execute(sql`
      update ${employees} set
        code_employee = v.code_employee, name = v.name, lastname = v.lastname, telephone = v.telephone,
        department = v.department, job_title = v.job_title, branch_office_id = v.branch_office_id,
        address = v.address, latitude = v.latitude, longitude = v.longitude, updated_at = now()
      from ${jsonRows(values)} as v(id int, ${RECORD})
      where ${employees.id} = v.id`);
  }
}
