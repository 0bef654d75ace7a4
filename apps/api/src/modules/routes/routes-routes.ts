import {
  ADMIN_ROLES,
  errorResponses,
  routeCreateRequestSchema,
  routeListQuerySchema,
  routeListResponseSchema,
  routeNameItemSchema,
  routeUpdateRequestSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { RoutesService } from "./routes-service.js";

const tags = ["Route"];

export function registerRoutesRoutes(app: FastifyInstance, service: RoutesService) {
  const routes = adminRoutes(app, tags);
  const { route } = API;
  routes.created(
    route.create,
    "Crear una ruta programada (destino, días, hora de salida, costo USD)",
    routeCreateRequestSchema,
    service.create,
    "Ruta creada",
  );
  routes.updated(
    route.update,
    "Editar una ruta (reemplaza sus días en una sola transacción)",
    routeUpdateRequestSchema,
    service.update,
    "Ruta actualizada",
  );
  routes.statusMessage(route.status, "Activar o inactivar una ruta", service.setStatus);
  routes.list(
    route.list,
    "Rutas paginadas (amount, skip desde 1, criterion sobre el nombre)",
    routeListQuerySchema,
    routeListResponseSchema,
    service.list,
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(route.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de las rutas activas, primero 'Todas las rutas' (id 0)",
        response: { 200: z.array(routeNameItemSchema), ...errorResponses },
      },
    },
    () => service.listName(),
  );
}
