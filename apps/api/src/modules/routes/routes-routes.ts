import {
  ADMIN_ROLES,
  errorResponses,
  messageResponseSchema,
  routeCreateRequestSchema,
  routeListQuerySchema,
  routeListResponseSchema,
  routeNameItemSchema,
  routeSavedResponseSchema,
  routeUpdateRequestSchema,
  statusChangeSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RoutesService } from "./routes-service.js";

const tags = ["Route"];
const errors = errorResponses;

export function registerRoutesRoutes(app: FastifyInstance, service: RoutesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.route.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear una ruta programada (destino, días, hora de salida, costo USD)",
        body: routeCreateRequestSchema,
        response: { 201: routeSavedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await service.create(request.body);
      return reply.status(201).send({ id, message: "Ruta creada" });
    },
  );

  r.put(
    routePath(API.route.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar una ruta (reemplaza sus días en una sola transacción)",
        body: routeUpdateRequestSchema,
        response: { 200: routeSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.update(request.body);
      return { id: request.body.id, message: "Ruta actualizada" };
    },
  );

  r.put(
    routePath(API.route.status),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o inactivar una ruta",
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
    routePath(API.route.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Rutas paginadas (amount, skip desde 1, criterion sobre el nombre)",
        querystring: routeListQuerySchema,
        response: { 200: routeListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.get(
    routePath(API.route.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de las rutas activas, primero 'Todas las rutas' (id 0)",
        response: { 200: z.array(routeNameItemSchema), ...errors },
      },
    },
    () => service.listName(),
  );
}
