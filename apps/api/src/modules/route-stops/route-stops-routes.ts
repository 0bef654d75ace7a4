import {
  ADMIN_ROLES,
  errorResponses,
  type Role,
  routeStopsParamsSchema,
  routeStopsResponseSchema,
  routeStopsSaveRequestSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { RouteStopsService } from "./route-stops-service.js";

const tags = ["Route"];
const errors = errorResponses;
const ADMINS_AND_DRIVERS: readonly Role[] = [...ADMIN_ROLES, "Driver"];

/** The ordered stops of a scheduled route, their planned times and riders (issue 23). */
export function registerRouteStopsRoutes(app: FastifyInstance, service: RouteStopsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.route.stops),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary:
          "Paradas de una ruta en orden, con hora planificada y colaboradores de cada una (un chofer solo las de sus rutas)",
        params: routeStopsParamsSchema,
        response: { 200: routeStopsResponseSchema, ...errors },
      },
    },
    (request) => service.get(currentUser(request), request.params.routeId),
  );

  r.put(
    routePath(API.route.saveStops),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Reemplazar las paradas de una ruta en una sola transacción (posiciones 1…n, horas en orden según el turno, colaboradores de la ruta, una parada cada uno)",
        body: routeStopsSaveRequestSchema,
        response: { 200: routeStopsResponseSchema, ...errors },
      },
    },
    (request) => service.save(request.body),
  );
}
