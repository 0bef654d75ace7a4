import {
  ADMIN_ROLES,
  codeQrResponseSchema,
  type EmployeeListItem,
  employeeCodeQrRequestSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeLocationItemSchema,
  employeeLocationRequestSchema,
  employeeProfileSchema,
  employeeProfileUpdateSchema,
  employeeSearchItemSchema,
  employeeUpdateRequestSchema,
  errorResponses,
  messageResponseSchema,
  type Role,
  searchQuerySchema,
  statusChangeSchema,
} from "@treiber/contract";
import { and, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { branchOffices, employees, profileImages, users } from "../../db/schema.js";
import { optionalLocalDayRange } from "../../lib/caller-time.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { pageWindow } from "../../lib/paging.js";
import { currentUser } from "../../plugins/access.js";
import { duplicateError } from "../auth/signup-service.js";
import { setUserStatus } from "../users/user-status.js";
import { newCodeQr, updateEmployee } from "./employee-repository.js";
import { employeeSearch } from "./employee-search.js";

const tags = ["Employee"];
const errors = errorResponses;
const EMPLOYEE_NOT_FOUND = "Colaborador no encontrado";
const PROFILE_ROLES: readonly Role[] = ["SuperAdmin", "Admin", "Collaborator"];

export const profileImageUrl = (userId: number, etag: string | null | undefined) =>
  etag ? `/api/v1/ProfileImage/${userId}?v=${etag}` : null;

export function registerEmployeeRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function search(criterion: string | undefined, collaboratorsOnly: boolean) {
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

  for (const [path, collaboratorsOnly] of [
    ["/api/v1/Employee", false],
    ["/api/v1/Collaborator", true],
  ] as const) {
    r.get(
      path,
      {
        config: { access: ADMIN_ROLES },
        schema: {
          tags,
          summary: collaboratorsOnly ? "Buscar colaboradores" : "Buscar empleados",
          querystring: searchQuerySchema,
          response: { 200: z.array(employeeSearchItemSchema), ...errors },
        },
      },
      (request) => search(request.query.criterion, collaboratorsOnly),
    );
  }

  r.get(
    "/api/v1/Employee/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de colaboradores",
        querystring: employeeListQuerySchema,
        response: { 200: employeeListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { criterion } = request.query;
      const filters: SQL[] = [];
      if (criterion) filters.push(employeeSearch(criterion));
      const range = optionalLocalDayRange(request.query, request.gmtOffset);
      if (range) filters.push(gte(employees.createdAt, range.from), lt(employees.createdAt, range.to));
      const where = and(...filters);
      const { limit, offset } = pageWindow(request.query);
      // The page is chosen on employees alone (index on created_at, id) and only its rows are joined,
      // fetched by primary key (= any(array(...)) keeps the planner on the index for the 10 ids).
      const pageIds = db
        .select({ id: employees.id })
        .from(employees)
        .where(where)
        .orderBy(desc(employees.createdAt), desc(employees.id))
        .limit(limit)
        .offset(offset);
      const [rows, [total]] = await Promise.all([
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
          .where(sql`${employees.id} = any(array(${pageIds}))`)
          .orderBy(desc(employees.createdAt), desc(employees.id)),
        db.select({ count: sql<number>`count(*)::int` }).from(employees).where(where),
      ]);
      return {
        amount: total?.count ?? 0,
        list: rows.map(
          ({ createdAt, ...row }): EmployeeListItem => ({
            ...row,
            role: row.role as EmployeeListItem["role"],
            status: row.status as EmployeeListItem["status"],
            createdDate: createdAt.toISOString(),
          }),
        ),
      };
    },
  );

  async function employeeUserId(id: number) {
    const [row] = await db
      .select({ userId: employees.userId })
      .from(employees)
      .where(eq(employees.id, id))
      .limit(1);
    if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
    return row.userId;
  }

  r.put(
    "/api/v1/Employee",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un colaborador",
        description: "Datos de empleado; el correo y el rol se cambian con sus propias llamadas.",
        body: employeeUpdateRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      let outcome: Awaited<ReturnType<typeof updateEmployee>>;
      try {
        outcome = await updateEmployee(db, request.body);
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
      if (outcome === "employee-not-found") throw notFound(EMPLOYEE_NOT_FOUND);
      if (outcome === "branch-office-not-found") throw notFound("Sucursal no encontrada");
      if (outcome === "branch-office-inactive") {
        throw conflict("La sucursal está inactiva", { branchOfficeId: "La sucursal está inactiva" });
      }
      return { message: "Colaborador actualizado" };
    },
  );

  r.put(
    "/api/v1/Employee/status",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o desactivar un colaborador (su usuario)",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = await employeeUserId(request.body.id);
      await setUserStatus(db, currentUser(request), userId, request.body.status);
      return { message: "Estado actualizado" };
    },
  );

  r.put(
    "/api/v1/Employee/CodeQr",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Regenerar el código QR de un colaborador",
        body: employeeCodeQrRequestSchema,
        response: { 200: codeQrResponseSchema, ...errors },
      },
    },
    async (request) => {
      const codeQr = newCodeQr();
      const rows = await db
        .update(employees)
        .set({ codeQr, updatedAt: new Date() })
        .where(eq(employees.id, request.body.employeeId))
        .returning({ id: employees.id });
      if (rows.length === 0) throw notFound(EMPLOYEE_NOT_FOUND);
      return { codeQr };
    },
  );

  const setLocation = async (body: z.infer<typeof employeeLocationRequestSchema>) => {
    const rows = await db
      .update(employees)
      .set({
        address: body.address,
        latitude: body.latitude,
        longitude: body.longitude,
        updatedAt: new Date(),
      })
      .where(eq(employees.id, body.employeeId))
      .returning({ id: employees.id });
    if (rows.length === 0) throw notFound(EMPLOYEE_NOT_FOUND);
  };

  r.put(
    "/api/v1/Employee/updateLocation",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Actualizar la ubicación de residencia",
        body: employeeLocationRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setLocation(request.body);
      return { message: "Ubicación actualizada" };
    },
  );

  r.post(
    "/api/v1/Employee/addLocation",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Agregar la ubicación de residencia",
        body: employeeLocationRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setLocation(request.body);
      return { message: "Ubicación agregada" };
    },
  );

  r.get(
    "/api/v1/Employee/list/locationInfo",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Colaboradores activos con ubicación",
        response: { 200: z.array(employeeLocationItemSchema), ...errors },
      },
    },
    async () => {
      const rows = await db
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
      return rows.map((row) => ({
        ...row,
        address: row.address ?? "",
        latitude: row.latitude ?? 0,
        longitude: row.longitude ?? 0,
      }));
    },
  );

  async function ownProfile(userId: number) {
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
    if (!row) throw notFound("Perfil de colaborador no encontrado");
    const { etag, ...profile } = row;
    return { ...profile, image: profileImageUrl(userId, etag) };
  }

  r.get(
    "/api/v1/Employee/Profile",
    {
      config: { access: PROFILE_ROLES },
      schema: { tags, summary: "Perfil propio", response: { 200: employeeProfileSchema, ...errors } },
    },
    (request) => ownProfile(currentUser(request).id),
  );

  r.put(
    "/api/v1/Employee/Profile",
    {
      config: { access: PROFILE_ROLES },
      schema: {
        tags,
        summary: "Editar el perfil propio",
        body: employeeProfileUpdateSchema,
        response: { 200: employeeProfileSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { name, lastname, telephone, jobTitle } = request.body;
      const rows = await db
        .update(employees)
        .set({
          name,
          lastname,
          telephone,
          ...(jobTitle !== undefined && { jobTitle }),
          updatedAt: new Date(),
        })
        .where(eq(employees.userId, userId))
        .returning({ id: employees.id });
      if (rows.length === 0) throw notFound("Perfil de colaborador no encontrado");
      return ownProfile(userId);
    },
  );
}
