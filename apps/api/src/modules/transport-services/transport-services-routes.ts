import {
  ADMIN_ROLES,
  cancelServiceCommentSchema,
  cancelServiceRequestSchema,
  collaboratorTripsResponseSchema,
  EMPLOYEE_ROLES,
  errorResponses,
  manualBoardingRequestSchema,
  messageResponseSchema,
  type Role,
  scanRequestSchema,
  scanResponseSchema,
  tripEmployeeParamsSchema,
  tripRidersQuerySchema,
  tripRidersResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import { sendOnce } from "../client-actions/send-once.js";
import type { TransportServicesService } from "./transport-services-service.js";

const tags = ["TransportService"];
const errors = errorResponses;
const ADMINS_AND_DRIVERS: readonly Role[] = [...ADMIN_ROLES, "Driver"];

export function registerTransportServicesRoutes(app: FastifyInstance, service: TransportServicesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.transportService.scan),
    {
      config: { access: ["Driver"] },
      schema: {
        tags,
        summary:
          "El chofer escanea el código QR de un colaborador en su ruta en curso (un solo abordaje por colaborador y ruta)",
        description:
          "Treiber App: opcionales `scannedAt` (hora ISO 8601 del teléfono en un escaneo sin conexión), " +
          "`latitude`/`longitude` (posición del teléfono), `expectedOnly` (rechaza con 403 a quien no está " +
          "en la lista de la ruta) y `actionId` (UUID generado por la app: el servidor aplica cada uno una " +
          "sola vez por usuario; una repetición devuelve el primer resultado, con otros datos 409). La hora del teléfono se " +
          "acepta desde el inicio de la ruta hasta la hora del servidor, con 2 minutos de tolerancia; " +
          "fuera de eso, 400. El abordaje queda con método `qr`.",
        body: scanRequestSchema,
        response: { 201: scanResponseSchema, ...errors },
      },
    },
    (request, reply) => sendOnce(reply, service.scan(currentUser(request), request.body)),
  );

  r.post(
    routePath(API.transportService.manual),
    {
      config: { access: ["Driver"] },
      schema: {
        tags,
        summary: "(Treiber App) El chofer aborda sin QR a un colaborador de su ruta en curso, con un motivo",
        description:
          "`employeeId` y `reason` (requerido) de un colaborador en la lista de la ruta en curso del chofer " +
          "(403 si no lo está). Opcionales `scannedAt`, `latitude`, `longitude` y `actionId` con las " +
          "mismas reglas que el escaneo. El abordaje queda con método `manual` y el motivo; un segundo " +
          "abordaje del mismo colaborador responde 409 («El colaborador ya abordó esta ruta»).",
        body: manualBoardingRequestSchema,
        response: { 201: scanResponseSchema, ...errors },
      },
    },
    (request, reply) => sendOnce(reply, service.manualBoarding(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.transportService.listEmployee),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary:
          "Colaboradores de una ruta: esperados (Pending), abordados (Boarded) y cancelados (Canceled)",
        querystring: tripRidersQuerySchema,
        response: { 200: tripRidersResponseSchema, ...errors },
      },
    },
    (request) => service.listEmployee(currentUser(request), request.query.intermediateRouteId),
  );

  r.get(
    routePath(API.transportService.finishedListEmployee),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary: "Servicios registrados en una ruta: abordajes y cancelaciones con su comentario",
        querystring: tripRidersQuerySchema,
        response: { 200: tripRidersResponseSchema, ...errors },
      },
    },
    (request) => service.finishedListEmployee(currentUser(request), request.query.intermediateRouteId),
  );

  r.get(
    routePath(API.transportService.cancelComment),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Comentario con el que un colaborador canceló su servicio en una ruta",
        params: tripEmployeeParamsSchema,
        response: { 200: cancelServiceCommentSchema, ...errors },
      },
    },
    (request) => service.cancellationComment(request.params.intermediateRouteId, request.params.employeeId),
  );

  r.post(
    routePath(API.transportService.cancel),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary:
          "(App del colaborador) Cancelar su servicio en una ruta en curso con un comentario; notifica a los administradores (CANCELED)",
        description:
          "Opcional `actionId` (UUID de la app): se aplica una sola vez por usuario; una repetición " +
          "devuelve el primer resultado sin una segunda cancelación ni notificación.",
        body: cancelServiceRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    (request, reply) => sendOnce(reply, service.cancel(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.transportService.current),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "(App del colaborador) Rutas en curso de sus rutas asignadas, con su estado en cada una",
        response: { 200: collaboratorTripsResponseSchema, ...errors },
      },
    },
    (request) => service.collaboratorTrips(currentUser(request)),
  );
}
