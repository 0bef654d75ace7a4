import {
  ADMIN_ROLES,
  employeeStatsResponseSchema,
  errorResponses,
  serviceStatsResponseSchema,
  statsQuerySchema,
  supplierStatsResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { StatsService } from "./stats-service.js";

const RANGE = "sinceDate/untilDate MM/DD/YYYY, por defecto los últimos 6 días hasta hoy";

export function registerStatsRoutes(app: FastifyInstance, service: StatsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.intermediateRoute.servicesStats),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["IntermediateRoute"],
        summary: `Viajes programados y no programados, abordajes y cancelaciones (${RANGE})`,
        querystring: statsQuerySchema,
        response: { 200: serviceStatsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.services(request.query, request.clock),
  );

  r.get(
    routePath(API.supplier.serviceStats),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Supplier"],
        summary: `Costo (USD) de los viajes terminados por suplidor (${RANGE})`,
        querystring: statsQuerySchema,
        response: { 200: supplierStatsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.suppliers(request.query, request.clock),
  );

  r.get(
    routePath(API.employee.servicesStats),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: ["Employee"],
        summary: `Colaboradores activos y atendidos, abordajes y cancelaciones por día (${RANGE})`,
        querystring: statsQuerySchema,
        response: { 200: employeeStatsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.employees(request.query, request.clock),
  );
}
