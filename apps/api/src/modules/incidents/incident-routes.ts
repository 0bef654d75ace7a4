import {
  ADMIN_ROLES,
  errorResponses,
  incidentAcknowledgeSchema,
  incidentCloseSchema,
  incidentListQuerySchema,
  incidentListResponseSchema,
  incidentThresholdsQuerySchema,
  incidentThresholdsRequestSchema,
  incidentThresholdsResponseSchema,
  incidentTripParamsSchema,
  incidentTripViewSchema,
  messageResponseSchema,
  SUPPLIER_PORTAL_ROLES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { IncidentService } from "./incident-service.js";

const tags = ["Incident"];
const errors = errorResponses;

const config = { access: ADMIN_ROLES };

/** The control room (issue 25): incidents against the plan, for Admin and SuperAdmin. */
export function registerIncidentRoutes(app: FastifyInstance, service: IncidentService) {
  registerIncidentListRoutes(app, service);
  registerIncidentTripRoute(app, service);
  registerThresholdsRoutes(app, service);
}

/** The list (suppliers' users too, their own) and attending or closing one incident. */
function registerIncidentListRoutes(app: FastifyInstance, service: IncidentService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    routePath(API.incident.list),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary:
          "Incidencias (las abiertas por gravedad con status=OPEN, si no las más recientes primero) y cuántas siguen sin cerrar",
        description: "Un usuario de suplidor ve solo las de su suplidor (decisión 0077).",
        querystring: incidentListQuerySchema,
        response: { 200: incidentListResponseSchema, ...errors },
      },
    },
    (request) => service.list(currentUser(request), request.query, request.clock),
  );

  r.put(
    routePath(API.incident.acknowledge),
    {
      config,
      schema: {
        tags,
        summary: "Atender una incidencia abierta (quién, cuándo y una nota)",
        body: incidentAcknowledgeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.acknowledge(currentUser(request), request.body),
  );

  r.put(
    routePath(API.incident.close),
    {
      config,
      schema: {
        tags,
        summary: "Cerrar una alerta SOS o una llegada sin confirmar (nota y resultado obligatorios)",
        description:
          "Solo SOS y SAFE_ARRIVAL_UNCONFIRMED, que el sistema nunca cierra (decisión 0080): " +
          "resultado ATTENDED («Atendida») o FALSE_ALARM («Falsa alarma»), quién y cuándo.",
        body: incidentCloseSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => service.close(currentUser(request), request.body),
  );
}

/** One trip against its plan, for the control room's map. */
function registerIncidentTripRoute(app: FastifyInstance, service: IncidentService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(API.incident.trip),
    {
      config,
      schema: {
        tags,
        summary: "Un viaje contra su plan: camino planificado y su origen, paradas, traza e incidencias",
        params: incidentTripParamsSchema,
        response: { 200: incidentTripViewSchema, ...errors },
      },
    },
    (request) => service.trip(request.params.intermediateRouteId),
  );
}

/** A branch office's incident thresholds: read and save. */
function registerThresholdsRoutes(app: FastifyInstance, service: IncidentService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    routePath(API.incident.thresholds),
    {
      config,
      schema: {
        tags,
        summary: "Umbrales de incidencias de una sucursal (los predeterminados si no tiene propios)",
        querystring: incidentThresholdsQuerySchema,
        response: { 200: incidentThresholdsResponseSchema, ...errors },
      },
    },
    (request) => service.thresholds(request.query.branchOfficeId),
  );

  r.put(
    routePath(API.incident.saveThresholds),
    {
      config,
      schema: {
        tags,
        summary:
          "Guardar los umbrales de incidencias de una sucursal (valen para los viajes en curso y los siguientes)",
        body: incidentThresholdsRequestSchema,
        response: { 200: incidentThresholdsResponseSchema, ...errors },
      },
    },
    (request) => service.saveThresholds(request.body),
  );
}
