import type { UserListQuery } from "@treiber/contract";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { drivers, employees, supplierUsers, users } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { driverSearch } from "../drivers/driver-search-sql.js";
import { employeeSearch } from "../employees/employee-search-sql.js";

/** One page of users, newest first, with their employee's or driver's name and the total that match. */
export type UserFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
} & SortRequest<NonNullable<UserListQuery["sortBy"]>>;

export async function listUsers(db: Db, query: UserFilter) {
  const { criterion } = query;
  const order = sortOrder(
    { email: users.email, createdDate: users.createdAt, lastSignInDate: users.lastSignInAt },
    users.id,
    query,
    [desc(users.createdAt), desc(users.id)],
  );
  const { limit, offset } = pageWindow(query);
  // Each branch uses its own trigram index (users.email, employees, drivers). E-mails are stored
  // lower-cased (emailSchema), so LIKE with the lower-cased pattern matches like ILIKE, cheaper.
  const where = and(
    criterion
      ? sql`${users.id} in (
        select ${users.id} from ${users} where ${users.email} like ${containsPattern(criterion)}
        union select ${employees.userId} from ${employees} where ${employeeSearch(criterion)}
        union select ${drivers.userId} from ${drivers} where ${driverSearch(criterion)}
        union select ${supplierUsers.userId} from ${supplierUsers}
          where search_fold(${supplierUsers.name} || ' ' || ${supplierUsers.lastname}) like ${containsPattern(criterion)})`
      : undefined,
    query.createdFrom ? gte(users.createdAt, query.createdFrom) : undefined,
    query.createdTo ? lt(users.createdAt, query.createdTo) : undefined,
  );
  // The page is chosen on users alone (index on created_at, id) and only its rows are joined. A
  // search also counts its matches in that same pass (count over), so the union runs once; the
  // whole table is counted apart (cheaper than numbering every user).
  const countAll = () => db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  const page = db.$with("page").as(
    db
      .select({
        id: users.id,
        total: (where ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as("total"),
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  const pageRows = db
    .with(page)
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      employeeName: employees.name,
      employeeLastname: employees.lastname,
      driverName: drivers.name,
      driverLastname: drivers.lastname,
      supplierUserName: supplierUsers.name,
      supplierUserLastname: supplierUsers.lastname,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      total: page.total,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .leftJoin(supplierUsers, eq(supplierUsers.userId, users.id))
    .orderBy(...order);
  const [rows, [total]] = await Promise.all([pageRows, where ? [] : countAll()]);
  // Without a search, or on a search page past the end (no row carries the total), count apart.
  const amount = !where
    ? (total?.count ?? 0)
    : (rows[0]?.total ?? (offset > 0 ? ((await countAll())[0]?.count ?? 0) : 0));
  return { amount, rows };
}
