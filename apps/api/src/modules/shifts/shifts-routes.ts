import {
  ADMIN_ROLES,
  errorResponses,
  messageResponseSchema,
  shiftCreateRequestSchema,
  shiftListQuerySchema,
  shiftListResponseSchema,
  shiftSavedResponseSchema,
  shiftUpdateRequestSchema,
  statusChangeSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ShiftsService } from "./shifts-service.js";

const tags = ["Shift"];
const errors = errorResponses;

/** Shifts (turnos) of a branch office: Entrada (inbound) or Salida (outbound) at a time, on some days. */
export function registerShiftRoutes(app: FastifyInstance, service: ShiftsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.shift.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un turno de una sucursal (entrada o salida, hora HH:mm, días)",
        body: shiftCreateRequestSchema,
        response: { 201: shiftSavedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await service.create(request.body);
      return reply.status(201).send({ id, message: "Turno creado" });
    },
  );

  r.put(
    routePath(API.shift.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Editar un turno (reemplaza sus días); una nueva dirección u hora debe cumplir las paradas de sus rutas",
        description:
          "`travelSpeedKmh` y `travelCircuity`: el modelo de viaje propio del turno (velocidad en movimiento y " +
          "desvío) en lugar de la calibración de la sucursal; ausentes se conservan, `null` vuelve a los valores calculados.",
        body: shiftUpdateRequestSchema,
        response: { 200: shiftSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.update(request.body);
      return { id: request.body.id, message: "Turno actualizado" };
    },
  );

  r.get(
    routePath(API.shift.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Turnos paginados (branchOfficeId opcional, amount, skip desde 1, criterion sobre el nombre)",
        querystring: shiftListQuerySchema,
        response: { 200: shiftListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  r.put(
    routePath(API.shift.status),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o inactivar un turno",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.setStatus(request.body.id, request.body.status);
      return { message: "Estado actualizado" };
    },
  );
}
