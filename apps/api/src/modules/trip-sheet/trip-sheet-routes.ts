import {
  errorResponses,
  SUPPLIER_PORTAL_ROLES,
  tripSheetQuerySchema,
  tripSheetSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SupplierScope } from "../supplier-portal/supplier-scope.js";
import type { TripSheetService } from "./trip-sheet-service.js";

/**
 * `GET /api/v1/IntermediateRoute/sheet`: the evidence of one trip, for administrators and, of its
 * own trips only, a supplier's users (decision 0077).
 */
export function registerTripSheetRoutes(
  app: FastifyInstance,
  service: TripSheetService,
  scope: SupplierScope,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    routePath(API.intermediateRoute.sheet),
    {
      // The planned departure of a scheduled route is a local time: the GMT header is required.
      config: { access: SUPPLIER_PORTAL_ROLES, dated: true },
      schema: {
        tags: ["IntermediateRoute"],
        summary:
          "Hoja del viaje (evidencia para facturar): ruta, suplidor, chofer y vehículo, salida planificada y real, duración, km, recorrido, abordajes y cancelaciones",
        description:
          "Salida planificada: la fecha y hora de la ruta no programada, o la hora de salida de la ruta en el día " +
          "local (encabezado GMT, obligatorio) más cercano al inicio real; `minutesLate` negativo = salió antes. " +
          "Km: suma de distancias (haversine) entre posiciones GPS consecutivas. El recorrido (`trace`, " +
          "[latitud, longitud]) se simplifica a 2.000 puntos como máximo. Un viaje terminado guarda su traza " +
          "compacta y sus km al terminar: se muestran iguales después de que la retención " +
          "(POSITIONS_RETENTION_DAYS) borre sus posiciones. `incidents`: las incidencias del viaje (tipo, " +
          "apertura y cierre, estado, quién la atendió y su nota). 404 si el viaje no existe o, para un " +
          "usuario de suplidor, si no es de su suplidor.",
        querystring: tripSheetQuerySchema,
        response: { 200: tripSheetSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.sheet(request.query.intermediateRouteId, request.clock, await scope.of(request)),
  );
}
