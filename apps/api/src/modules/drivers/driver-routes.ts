import {
  ADMIN_ROLES,
  codeQrResponseSchema,
  type DriverListItem,
  driverCodeQrParamsSchema,
  driverListQuerySchema,
  driverListResponseSchema,
  driverNameItemSchema,
  driverProfileSchema,
  driverUpdateRequestSchema,
  driverWithSupplierItemSchema,
  errorResponses,
  messageResponseSchema,
  statusChangeSchema,
} from "@treiber/contract";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { drivers, profileImages, suppliers, users } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { containsPattern, pageWindow } from "../../lib/paging.js";
import { currentUser } from "../../plugins/access.js";
import { duplicateError } from "../auth/signup-service.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { profileImageUrl } from "../employees/employee-routes.js";
import { setUserStatus } from "../users/user-status.js";

const tags = ["Driver"];
const errors = errorResponses;
const DRIVER_NOT_FOUND = "Chofer no encontrado";

/**
 * The trigram-indexed search of drivers: `search_text` (drizzle/0006) is name, last name and cédula
 * without hyphens, folded (no accents, lower case) like the pattern; hyphens are stripped from the
 * criterion too.
 */
export const driverSearch = (criterion: string): SQL =>
  sql`${drivers}.search_text like ${containsPattern(criterion.replaceAll("-", ""))}`;

export function registerDriverRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/Driver/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de choferes",
        querystring: driverListQuerySchema,
        response: { 200: driverListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const criterion = request.query.criterion?.replaceAll("-", "").trim();
      const where = criterion ? driverSearch(criterion) : undefined;
      const { limit, offset } = pageWindow(request.query);
      // The page is chosen on drivers alone (index on created_at, id) and only its rows are joined,
      // fetched by primary key (= any(array(...)) keeps the planner on the index for the 10 ids).
      const pageIds = db
        .select({ id: drivers.id })
        .from(drivers)
        .where(where)
        .orderBy(desc(drivers.createdAt), desc(drivers.id))
        .limit(limit)
        .offset(offset);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: drivers.id,
            userId: drivers.userId,
            email: users.email,
            name: drivers.name,
            lastname: drivers.lastname,
            identityCard: drivers.identityCard,
            telephone: drivers.telephone,
            licenseNumber: drivers.licenseNumber,
            supplierId: drivers.supplierId,
            supplierName: suppliers.name,
            vehiclePlate: drivers.vehiclePlate,
            vehicleModel: drivers.vehicleModel,
            vehicleCapacity: drivers.vehicleCapacity,
            status: users.status,
            createdAt: drivers.createdAt,
          })
          .from(drivers)
          .innerJoin(users, eq(users.id, drivers.userId))
          .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
          .where(sql`${drivers.id} = any(array(${pageIds}))`)
          .orderBy(desc(drivers.createdAt), desc(drivers.id)),
        db.select({ count: sql<number>`count(*)::int` }).from(drivers).where(where),
      ]);
      return {
        amount: total?.count ?? 0,
        list: rows.map(
          ({ createdAt, ...row }): DriverListItem => ({
            ...row,
            status: row.status as DriverListItem["status"],
            createdDate: createdAt.toISOString(),
          }),
        ),
      };
    },
  );

  r.put(
    "/api/v1/Driver/status",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o desactivar un chofer (su usuario)",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ userId: drivers.userId })
        .from(drivers)
        .where(eq(drivers.id, request.body.id))
        .limit(1);
      if (!row) throw notFound(DRIVER_NOT_FOUND);
      await setUserStatus(db, currentUser(request), row.userId, request.body.status);
      return { message: "Estado actualizado" };
    },
  );

  r.put(
    "/api/v1/driver",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un chofer",
        body: driverUpdateRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      try {
        await db.transaction(async (tx) => {
          const [driver] = await tx
            .select({ supplierId: drivers.supplierId })
            .from(drivers)
            .where(eq(drivers.id, id))
            .limit(1)
            .for("update");
          if (!driver) throw notFound(DRIVER_NOT_FOUND);
          const [supplier] = await tx
            .select({ status: suppliers.status })
            .from(suppliers)
            .where(eq(suppliers.id, values.supplierId))
            .limit(1);
          if (!supplier) throw notFound("Suplidor no encontrado");
          if (supplier.status !== "active") {
            throw conflict("El suplidor está inactivo", { supplierId: "El suplidor está inactivo" });
          }
          await tx
            .update(drivers)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(drivers.id, id));
        });
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
      return { message: "Chofer actualizado" };
    },
  );

  r.get(
    "/api/v1/Driver/listName",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de choferes activos",
        response: { 200: z.array(driverNameItemSchema), ...errors },
      },
    },
    () =>
      db
        .select({ id: drivers.id, name: drivers.name, lastname: drivers.lastname })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(eq(users.status, "active"))
        .orderBy(drivers.name, drivers.lastname, drivers.id),
  );

  r.get(
    "/api/v1/Driver/withSupplier/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Choferes con su suplidor (primera opción 'Todas')",
        response: { 200: z.array(driverWithSupplierItemSchema), ...errors },
      },
    },
    async () => {
      const rows = await db
        .select({
          id: drivers.id,
          name: drivers.name,
          lastname: drivers.lastname,
          supplierId: drivers.supplierId,
          supplierName: suppliers.name,
        })
        .from(drivers)
        .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
        .orderBy(drivers.name, drivers.lastname, drivers.id);
      return [{ id: 0, name: "Todas", lastname: "", supplierId: null, supplierName: null }, ...rows];
    },
  );

  r.put(
    "/api/v1/Driver/codeQr/:codeQrId",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Regenerar el código QR de un chofer (codeQrId = id del chofer)",
        params: driverCodeQrParamsSchema,
        response: { 200: codeQrResponseSchema, ...errors },
      },
    },
    async (request) => {
      const codeQr = newCodeQr();
      const rows = await db
        .update(drivers)
        .set({ codeQr, updatedAt: new Date() })
        .where(eq(drivers.id, request.params.codeQrId))
        .returning({ id: drivers.id });
      if (rows.length === 0) throw notFound(DRIVER_NOT_FOUND);
      return { codeQr };
    },
  );

  r.get(
    "/api/v1/Driver/Profile",
    {
      config: { access: ["Driver"] },
      schema: {
        tags,
        summary: "Perfil propio del chofer",
        response: { 200: driverProfileSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [row] = await db
        .select({
          id: drivers.userId,
          driverId: drivers.id,
          name: drivers.name,
          lastname: drivers.lastname,
          telephone: drivers.telephone,
          identityCard: drivers.identityCard,
          supplierName: suppliers.name,
          etag: profileImages.etag,
        })
        .from(drivers)
        .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
        .leftJoin(profileImages, eq(profileImages.userId, drivers.userId))
        .where(eq(drivers.userId, userId))
        .limit(1);
      if (!row) throw notFound("Perfil de chofer no encontrado");
      const { etag, ...profile } = row;
      return { ...profile, image: profileImageUrl(userId, etag) };
    },
  );
}
