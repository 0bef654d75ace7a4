import {
  ADMIN_ROLES,
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
import { adminRoutes } from "../../lib/admin-routes.js";
import type { DestinationService } from "./destination-service.js";

const tags = ["Destination"];
const errors = errorResponses;

export function registerDestinationRoutes(app: FastifyInstance, service: DestinationService) {
  const routes = adminRoutes(app, tags);
  const { destination } = API;
  routes.create(destination.create, "Crear un destino", destinationCreateSchema, service.create);
  routes.update(destination.update, "Editar un destino", destinationUpdateSchema, service.update);
  routes.list(
    destination.list,
    "Listar destinos (paginado, búsqueda, rango de fechas de creación y orden)",
    destinationListQuerySchema,
    destinationListResponseSchema,
    service.list,
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    routePath(destination.listName),
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
    routePath(destination.forList),
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
