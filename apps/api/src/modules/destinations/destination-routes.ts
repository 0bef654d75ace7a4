import {
  ADMIN_ROLES,
  catalogIdResponseSchema,
  catalogNameItemSchema,
  destinationCreateSchema,
  destinationForListItemSchema,
  destinationListQuerySchema,
  destinationListResponseSchema,
  destinationNameQuerySchema,
  destinationUpdateSchema,
  errorResponses,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DestinationService } from "./destination-service.js";

const tags = ["Destination"];
const errors = errorResponses;

export function registerDestinationRoutes(app: FastifyInstance, service: DestinationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.destination.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un destino",
        body: destinationCreateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => service.create(request.body),
  );

  r.put(
    routePath(API.destination.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un destino",
        body: destinationUpdateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => {
      const { id, ...values } = request.body;
      return service.update(id, values);
    },
  );

  r.get(
    routePath(API.destination.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Listar destinos (paginado, búsqueda, rango de fechas de creación y orden)",
        querystring: destinationListQuerySchema,
        response: { 200: destinationListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.get(
    routePath(API.destination.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Buscar destinos por nombre (máximo 20)",
        querystring: destinationNameQuerySchema,
        response: { 200: z.array(catalogNameItemSchema), ...errors },
      },
    },
    (request) => service.listNames(request.query.criterion),
  );

  r.get(
    routePath(API.destination.forList),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Todos los destinos con sus coordenadas",
        response: { 200: z.array(destinationForListItemSchema), ...errors },
      },
    },
    () => service.listAll(),
  );
}
