import {
  ADMIN_ROLES,
  bookingAdminRequestSchema,
  bookingAdminResponseSchema,
  bookingCancelRequestSchema,
  bookingCancelResponseSchema,
  bookingConfirmRequestSchema,
  bookingConfirmResponseSchema,
  bookingManifestQuerySchema,
  bookingManifestResponseSchema,
  bookingRoutesQuerySchema,
  bookingRoutesResponseSchema,
  EMPLOYEE_ROLES,
  errorResponses,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
  noShowRequestSchema,
  noShowResponseSchema,
  type Role,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import { sendOnce } from "../client-actions/send-once.js";
import type { BookingsService } from "./bookings-service.js";
import type { NoShowService } from "./no-show-service.js";

const tags = ["Booking"];
const ADMINS_AND_DRIVERS: readonly Role[] = [...ADMIN_ROLES, "Driver"];
const DATES = "Fechas `YYYY-MM-DD` locales de la sucursal.";

export type BookingRouteDeps = { service: BookingsService; noShows: NoShowService };

/** The bookings API (issue 35, decision 0064): «Mis viajes», changes, the manifest, admin and no-shows. */
export function registerBookingRoutes(app: FastifyInstance, deps: BookingRouteDeps) {
  registerRiderBookingRoutes(app, deps.service);
  registerStaffBookingRoutes(app, deps);
}

/** A collaborator's own bookings: «Mis viajes», where to ask for a seat, «No viajaré», «Sí viajaré». */
function registerRiderBookingRoutes(app: FastifyInstance, service: BookingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.booking.my),
    {
      // Service dates are the branch office's: the caller's GMT is not needed.
      config: { access: EMPLOYEE_ROLES, dated: false },
      schema: {
        tags,
        summary: "(Treiber App) «Mis viajes»: las reservas del colaborador por ruta y fecha de servicio",
        description: `${DATES} Sin fechas: hoy y los 13 días siguientes; como máximo 31 días.`,
        querystring: myBookingsQuerySchema,
        response: { 200: myBookingsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.my(currentUser(request), request.query),
  );

  r.get(
    routePath(API.booking.routes),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) Rutas de su sucursal donde puede pedir asiento una fecha, con cupo",
        querystring: bookingRoutesQuerySchema,
        response: { 200: bookingRoutesResponseSchema, ...errorResponses },
      },
    },
    (request) => service.seatRoutes(currentUser(request), request.query.date),
  );

  r.put(
    routePath(API.booking.cancel),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) «No viajaré»: cancela su reserva antes del plazo (409 después, con la hora)",
        description: `${DATES} Opcionales \`reason\`, \`actionId\` (una vez por usuario) y \`requestedAt\` (hora del teléfono).`,
        body: bookingCancelRequestSchema,
        response: { 200: bookingCancelResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => sendOnce(reply, service.cancel(currentUser(request), request.body)),
  );

  r.put(
    routePath(API.booking.confirm),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) «Sí viajaré» o «Pedir asiento»: CONFIRMED si hay asiento, si no WAITLISTED",
        description: `${DATES} Su ruta, u otra ruta de su sucursal. 409 pasado el plazo.`,
        body: bookingConfirmRequestSchema,
        response: { 200: bookingConfirmResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => sendOnce(reply, service.confirm(currentUser(request), request.body)),
  );
}

/** What admins and drivers do: the manifest, an admin's change and the driver's «Ausente». */
function registerStaffBookingRoutes(app: FastifyInstance, deps: BookingRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, noShows } = deps;

  r.get(
    routePath(API.booking.manifest),
    {
      config: { access: ADMINS_AND_DRIVERS },
      schema: {
        tags,
        summary: "Manifiesto de una ruta un día: asientos, confirmados, en espera, cancelados y ausentes",
        description: `${DATES} Un chofer solo el de sus rutas (403 si no).`,
        querystring: bookingManifestQuerySchema,
        response: { 200: bookingManifestResponseSchema, ...errorResponses },
      },
    },
    (request) => service.manifest(currentUser(request), request.query),
  );

  r.put(
    routePath(API.booking.admin),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Un administrador cambia la reserva de un colaborador, con motivo (también pasado el plazo)",
        body: bookingAdminRequestSchema,
        response: { 200: bookingAdminResponseSchema, ...errorResponses },
      },
    },
    (request) => service.admin(currentUser(request), request.body),
  );

  r.put(
    routePath(API.transportService.noShow),
    {
      config: { access: ["Driver"] },
      schema: {
        tags: ["TransportService"],
        summary: "(Treiber App) El chofer marca «Ausente» a un colaborador confirmado, en la parada",
        description:
          "A 150 m o menos de la parada del colaborador y al menos los minutos de espera de la sucursal " +
          "(2) después de lo último entre llegar ahí y la hora planificada; si no, 409 con el motivo. " +
          "`recordedAt` es la hora del teléfono; `actionId` se aplica una vez por usuario.",
        body: noShowRequestSchema,
        response: { 200: noShowResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => sendOnce(reply, noShows.noShow(currentUser(request), request.body)),
  );
}
