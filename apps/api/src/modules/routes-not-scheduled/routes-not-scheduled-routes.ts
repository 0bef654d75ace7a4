import {
  ADMIN_ROLES,
  employeeForRouteNotScheduleItemSchema,
  employeeForRouteNotScheduleQuerySchema,
  errorResponses,
  routeNotScheduledCreateRequestSchema,
  routeNotScheduledListQuerySchema,
  routeNotScheduledListResponseSchema,
  routeNotScheduledUpdateRequestSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { RoutesNotScheduledService } from "./routes-not-scheduled-service.js";

export function registerRoutesNotScheduledRoutes(app: FastifyInstance, service: RoutesNotScheduledService) {
  const routes = adminRoutes(app, ["RouteNotScheduled"]);
  const { routeNotScheduled } = API;
  routes.created(
    routeNotScheduled.create,
    "Crear una ruta no programada (fecha y hora, chofer, colaboradores, costo USD)",
    routeNotScheduledCreateRequestSchema,
    service.create,
    "Ruta no programada creada",
  );
  routes.updated(
    routeNotScheduled.update,
    "Editar una ruta no programada (reemplaza sus colaboradores en una transacción)",
    routeNotScheduledUpdateRequestSchema,
    service.update,
    "Ruta no programada actualizada",
  );
  routes.statusMessage(
    routeNotScheduled.status,
    "Activar o inactivar una ruta no programada",
    service.setStatus,
  );
  routes.list(
    routeNotScheduled.list,
    "Rutas no programadas paginadas (amount 3 por defecto; sinceDate/untilDate MM/DD/YYYY)",
    routeNotScheduledListQuerySchema,
    routeNotScheduledListResponseSchema,
    service.list,
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(API.employee.forRouteNotSchedule),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "Colaboradores activos para elegir pasajeros de una ruta no programada (máx. 50)",
        querystring: employeeForRouteNotScheduleQuerySchema,
        response: { 200: z.array(employeeForRouteNotScheduleItemSchema), ...errorResponses },
      },
    },
    (request) => service.employeesForPicker(request.query.criterion),
  );
}
