import {
  ADMIN_ROLES,
  assignedRouteSchema,
  driverRouteAssignmentSchema,
  driverRoutesQuerySchema,
  employeeRouteAssignmentSchema,
  employeeRoutesQuerySchema,
  errorResponses,
  messageResponseSchema,
  routeAssignmentsQuerySchema,
  routeAssignmentsResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/access.js";
import type { RouteAssignmentsService } from "./route-assignments-service.js";

const errors = errorResponses;

export function registerRouteAssignmentRoutes(app: FastifyInstance, service: RouteAssignmentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    routePath(API.employee.addRoute),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "Asignar una ruta a un colaborador (notifica a los demás administradores, ASSIGNED)",
        querystring: employeeRouteAssignmentSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.addEmployee(request.query.employeeId, request.query.routeId, currentUser(request).id);
      return { message: "Ruta asignada al colaborador" };
    },
  );

  r.delete(
    routePath(API.employee.removeRoute),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "Quitar una ruta a un colaborador",
        querystring: employeeRouteAssignmentSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeEmployee(request.query.employeeId, request.query.routeId);
      return { message: "Ruta removida del colaborador" };
    },
  );

  r.get(
    routePath(API.employee.routes),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "Rutas asignadas a un colaborador",
        querystring: employeeRoutesQuerySchema,
        response: { 200: z.array(assignedRouteSchema), ...errors },
      },
    },
    (request) => service.employeeRoutes(request.query.employeeId),
  );

  r.put(
    routePath(API.driver.addRoute),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Driver"],
        summary: "Asignar una ruta a un chofer",
        querystring: driverRouteAssignmentSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.addDriver(request.query.driverId, request.query.routeId);
      return { message: "Ruta asignada al chofer" };
    },
  );

  r.delete(
    routePath(API.driver.removeRoute),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Driver"],
        summary: "Quitar una ruta a un chofer",
        querystring: driverRouteAssignmentSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeDriver(request.query.driverId, request.query.routeId);
      return { message: "Ruta removida del chofer" };
    },
  );

  r.get(
    routePath(API.driver.routes),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Driver"],
        summary: "Rutas asignadas a un chofer",
        querystring: driverRoutesQuerySchema,
        response: { 200: z.array(assignedRouteSchema), ...errors },
      },
    },
    (request) => service.driverRoutes(request.query.driverId),
  );

  r.get(
    routePath(API.route.assignments),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Route"],
        summary: "Choferes y colaboradores asignados a una ruta",
        querystring: routeAssignmentsQuerySchema,
        response: { 200: routeAssignmentsResponseSchema, ...errors },
      },
    },
    (request) => service.routeAssignments(request.query.routeId),
  );
}
