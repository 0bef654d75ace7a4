import {
  ADMIN_ROLES,
  employeeForRouteNotScheduleItemSchema,
  employeeForRouteNotScheduleQuerySchema,
  errorResponses,
  messageResponseSchema,
  routeNotScheduledCreateRequestSchema,
  routeNotScheduledListQuerySchema,
  routeNotScheduledListResponseSchema,
  routeNotScheduledUpdateRequestSchema,
  routeSavedResponseSchema,
  statusChangeSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RoutesNotScheduledService } from "./routes-not-scheduled-service.js";

const tags = ["RouteNotScheduled"];
const errors = errorResponses;

export function registerRoutesNotScheduledRoutes(app: FastifyInstance, service: RoutesNotScheduledService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.routeNotScheduled.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear una ruta no programada (fecha y hora, chofer, colaboradores, costo USD)",
        body: routeNotScheduledCreateRequestSchema,
        response: { 201: routeSavedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await service.create(request.body);
      return reply.status(201).send({ id, message: "Ruta no programada creada" });
    },
  );

  r.put(
    routePath(API.routeNotScheduled.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar una ruta no programada (reemplaza sus colaboradores en una transacción)",
        body: routeNotScheduledUpdateRequestSchema,
        response: { 200: routeSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.update(request.body);
      return { id: request.body.id, message: "Ruta no programada actualizada" };
    },
  );

  r.put(
    routePath(API.routeNotScheduled.status),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o inactivar una ruta no programada",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.setStatus(request.body.id, request.body.status);
      return { message: "Estado actualizado" };
    },
  );

  r.get(
    routePath(API.routeNotScheduled.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Rutas no programadas paginadas (amount 3 por defecto; sinceDate/untilDate MM/DD/YYYY)",
        querystring: routeNotScheduledListQuerySchema,
        response: { 200: routeNotScheduledListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.get(
    routePath(API.employee.forRouteNotSchedule),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "Colaboradores activos para elegir pasajeros de una ruta no programada (máx. 50)",
        querystring: employeeForRouteNotScheduleQuerySchema,
        response: { 200: z.array(employeeForRouteNotScheduleItemSchema), ...errors },
      },
    },
    (request) => service.employeesForPicker(request.query.criterion),
  );
}
