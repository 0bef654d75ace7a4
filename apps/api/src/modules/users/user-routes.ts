import {
  ADMIN_ROLES,
  errorResponses,
  messageResponseSchema,
  statusChangeSchema,
  userListQuerySchema,
  userListResponseSchema,
} from "@treiber/contract";
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { drivers, employees, users } from "../../db/schema.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { currentUser } from "../../plugins/access.js";
import { driverSearch } from "../drivers/driver-routes.js";
import { employeeSearch } from "../employees/employee-search.js";
import { setUserStatus } from "./user-status.js";

const tags = ["User"];
const errors = errorResponses;

export function registerUserRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/User/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de usuarios",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { criterion } = request.query;
      const { limit, offset } = pageWindow(request.query);
      // Each branch uses its own trigram index (users.email, employees, drivers). E-mails are stored
      // lower-cased (emailSchema), so LIKE with the lower-cased pattern matches like ILIKE, cheaper.
      const where = criterion
        ? sql`${users.id} in (
            select ${users.id} from ${users} where ${users.email} like ${containsPattern(criterion)}
            union select ${employees.userId} from ${employees} where ${employeeSearch(criterion)}
            union select ${drivers.userId} from ${drivers} where ${driverSearch(criterion)})`
        : undefined;
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
          .orderBy(desc(users.createdAt), desc(users.id))
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
          createdAt: users.createdAt,
          lastSignInAt: users.lastSignInAt,
          total: page.total,
        })
        .from(page)
        .innerJoin(users, eq(users.id, page.id))
        .leftJoin(employees, eq(employees.userId, users.id))
        .leftJoin(drivers, eq(drivers.userId, users.id))
        .orderBy(desc(users.createdAt), desc(users.id));
      const [rows, [total]] = await Promise.all([pageRows, where ? [] : countAll()]);
      // Without a search, or on a search page past the end (no row carries the total), count apart.
      const amount = !where
        ? (total?.count ?? 0)
        : (rows[0]?.total ?? (offset > 0 ? ((await countAll())[0]?.count ?? 0) : 0));
      return {
        amount,
        list: rows.map((row) => ({
          id: row.id,
          email: row.email,
          role: row.role as "Admin",
          status: row.status as "active",
          name: row.employeeName ?? row.driverName ?? null,
          lastname: row.employeeLastname ?? row.driverLastname ?? null,
          createdDate: row.createdAt.toISOString(),
          lastSignInDate: row.lastSignInAt?.toISOString() ?? null,
        })),
      };
    },
  );

  r.put(
    "/api/v1/User/status",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o desactivar un usuario",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setUserStatus(db, currentUser(request), request.body.id, request.body.status);
      return { message: "Estado actualizado" };
    },
  );
}
