import {
  ADMIN_ROLES,
  activeTripListResponseSchema,
  currentTripListQuerySchema,
  currentTripListResponseSchema,
  currentTripResponseSchema,
  EMPLOYEE_ROLES,
  endTripRequestSchema,
  errorResponseSchema,
  errorResponses,
  messageResponseSchema,
  type Role,
  routeHistoryQuerySchema,
  routeHistoryResponseSchema,
  SUPPLIER_PORTAL_ROLES,
  SUPPLIER_ROLE,
  startableRoutesResponseSchema,
  startTripRequestSchema,
  TRIP_COMMENTS_PER_HOUR,
  TRIP_COMMENTS_PER_TRIP,
  tripCommentRequestSchema,
  tripCommentSchema,
  tripDetailQuerySchema,
  tripDetailSchema,
  tripEmployeeParamsSchema,
  tripIdParamsSchema,
  tripSavedResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/access.js";
import { sendOnce } from "../client-actions/send-once.js";
import { COMMENT_GROUP_WINDOW_MS } from "../notifications/comment-notifications.js";
import type { IntermediateRoutesService } from "./intermediate-routes-service.js";

const tags = ["IntermediateRoute"];
const errors = errorResponses;
const ADMINS_AND_DRIVERS: readonly Role[] = [...ADMIN_ROLES, "Driver"];
const DRIVERS: readonly Role[] = ["Driver"];
const ACTION_ID_NOTE =
  "Opcional `actionId` (UUID generado por la Treiber App): se aplica una sola vez por usuario; una " +
  "repetición (aun simultánea) devuelve el primer resultado sin un segundo efecto; el mismo id con otros datos, 409.";

export function registerIntermediateRoutesRoutes(app: FastifyInstance, service: IntermediateRoutesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.intermediateRoute.currentList),
    {
      config: { access: [...ADMINS_AND_DRIVERS, SUPPLIER_ROLE] },
      schema: {
        tags,
        summary:
          "Rutas en curso, paginadas (criterion: ruta, chofer o suplidor). Un chofer ve solo la suya; un usuario de suplidor, las de su suplidor",
        querystring: currentTripListQuerySchema,
        response: { 200: currentTripListResponseSchema, ...errors },
      },
    },
    (request) => service.listCurrent(currentUser(request), request.query),
  );

  r.get(
    routePath(API.intermediateRoute.current),
    {
      config: { access: [...ADMINS_AND_DRIVERS, "Collaborator"] },
      schema: {
        tags,
        summary: "Una ruta en curso con su recorrido, pasajeros (abordados y cancelados) y comentarios",
        description:
          "Un chofer ve solo su ruta; un colaborador (Treiber App, «Mi bus») solo una ruta en la que viaja " +
          "(asignado a la ruta, abordado o cancelado en ella, o con un asiento reservado en ella ese día, aunque lo haya " +
          "cancelado); si no, 403. El colaborador recibe la vista " +
          '`view: "rider"`: bus, chofer, ruta, su propio estado y conteos, y el modelo de viaje de su turno ' +
          "(`travelModel`: velocidad en movimiento, desvío, minutos por parada, origen); nada de los demás " +
          "pasajeros, comentarios ni costo.",
        params: tripIdParamsSchema,
        response: { 200: currentTripResponseSchema, ...errors },
      },
    },
    (request) => service.current(currentUser(request), request.params.id),
  );

  r.get(
    routePath(API.intermediateRoute.listActive),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary:
          "Todas las rutas en curso con su última posición (mapa en vivo), en `response`; para Admin y SuperAdmin, también sus incidencias sin cerrar (`openIncidents`)",
        response: { 200: activeTripListResponseSchema, ...errors },
      },
    },
    (request) => service.listActive(currentUser(request)),
  );

  r.put(
    routePath(API.intermediateRoute.start),
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary:
          "El chofer inicia una ruta asignada (routeId) o su ruta no programada (routeNotScheduledId); una ruta en curso por chofer",
        description: ACTION_ID_NOTE,
        body: startTripRequestSchema,
        response: { 200: tripSavedResponseSchema, ...errors },
      },
    },
    (request, reply) => sendOnce(reply, service.start(currentUser(request), request.body)),
  );

  r.put(
    routePath(API.intermediateRoute.end),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary: "Finaliza una ruta en curso (su chofer o un administrador) y emite FinishIntermediateRoute",
        description:
          ACTION_ID_NOTE +
          " Opcional `endedAt` (hora ISO 8601 del teléfono, fin registrado sin conexión): no antes del " +
          "inicio ni del último abordaje, no después de la hora del servidor (2 minutos de tolerancia); si " +
          "no, 400.",
        body: endTripRequestSchema,
        response: { 200: tripSavedResponseSchema, ...errors },
      },
    },
    (request, reply) => sendOnce(reply, service.end(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.intermediateRoute.history),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary:
          "Historial de rutas finalizadas por chofer y ruta (0 = todas), sinceDate/untilDate MM/DD/YYYY (zona del encabezado GMT), amount 5 por defecto",
        description: "Un usuario de suplidor ve solo los viajes de su suplidor.",
        querystring: routeHistoryQuerySchema,
        response: { 200: routeHistoryResponseSchema, ...errors },
      },
    },
    (request) => service.history(currentUser(request), request.query, request.clock),
  );

  r.get(
    routePath(API.intermediateRoute.detail),
    {
      config: { access: [...ADMINS_AND_DRIVERS, SUPPLIER_ROLE] },
      schema: {
        tags,
        summary: "Detalle de una ruta (en curso o finalizada): recorrido, pasajeros y comentarios",
        description:
          "Un chofer ve solo sus rutas; un usuario de suplidor solo las de su suplidor (404 para las de otro).",
        querystring: tripDetailQuerySchema,
        response: { 200: tripDetailSchema, ...errors },
      },
    },
    (request) => service.detail(currentUser(request), request.query.intermediateRouteId),
  );

  r.get(
    routePath(API.intermediateRoute.comments),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Comentarios de un colaborador sobre una ruta",
        params: tripEmployeeParamsSchema,
        response: { 200: z.array(tripCommentSchema), ...errors },
      },
    },
    (request) => service.comments(request.params.intermediateRouteId, request.params.employeeId),
  );

  r.post(
    routePath(API.intermediateRoute.comment),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary:
          "(App del colaborador) Comentar una ruta en la que viajó; notifica a los administradores (COMMENT)",
        description:
          `Hasta ${TRIP_COMMENTS_PER_TRIP} comentarios por colaborador en un viaje (luego 409) y ` +
          `${TRIP_COMMENTS_PER_HOUR} en una hora (luego 429 con \`Retry-After\`). Los comentarios ` +
          `seguidos (a menos de ${COMMENT_GROUP_WINDOW_MS / 60_000} minutos) de un viaje se agrupan en ` +
          "la notificación no leída de cada administrador, que se actualiza y se vuelve a enviar. " +
          ACTION_ID_NOTE,
        body: tripCommentRequestSchema,
        response: { 201: messageResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    (request, reply) => sendOnce(reply, service.comment(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.intermediateRoute.driverRoutes),
    {
      config: { access: DRIVERS },
      schema: {
        tags,
        summary:
          "(App del chofer) Rutas que el chofer puede iniciar: asignadas activas y no programadas vigentes",
        response: { 200: startableRoutesResponseSchema, ...errors },
      },
    },
    (request) => service.startableRoutes(currentUser(request)),
  );
}
