import {
  ADMIN_ROLES,
  disputeCreateRequestSchema,
  disputeCreateResponseSchema,
  disputeListQuerySchema,
  disputeListResponseSchema,
  disputeResolveRequestSchema,
  errorResponses,
  messageResponseSchema,
  SUPPLIER_PORTAL_ROLES,
  SUPPLIER_ROLE,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { SupplierScope } from "../supplier-portal/supplier-scope.js";
import type { DisputeService } from "./dispute-service.js";

const tags = ["Dispute"];

/**
 * Disputes on a cut's lines (issue 37): a supplier user opens one on a trip of its own cut, an admin
 * resolves it, both read the history (a supplier only its own, filtered in SQL).
 */
export function registerDisputeRoutes(app: FastifyInstance, service: DisputeService, scope: SupplierScope) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.dispute.create),
    {
      config: { access: [SUPPLIER_ROLE] },
      schema: {
        tags,
        summary:
          "Disputar un viaje de un corte (solo usuarios de suplidor, sobre sus propios viajes): motivo y monto reclamado además de lo pagado; una disputa abierta por viaje",
        body: disputeCreateRequestSchema,
        response: { 201: disputeCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = { userId: currentUser(request).id, supplierId: await scope.supplierOf(request) };
      return reply.status(201).send(await service.create(request.body, caller));
    },
  );

  r.put(
    routePath(API.dispute.resolve),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Aceptar (con el monto, por omisión el reclamado) o rechazar una disputa abierta, con una nota; 409 si ya fue resuelta. La aceptada se paga como ajuste del próximo corte",
        body: disputeResolveRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.resolve(request.body, currentUser(request).id),
  );

  r.get(
    routePath(API.dispute.list),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary:
          "Historial de disputas, de la más reciente a la más antigua (corte, estado; supplierId solo para administradores: un suplidor ve solo las suyas)",
        querystring: disputeListQuerySchema,
        response: { 200: disputeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A supplier user is always limited to its own supplier, whatever `supplierId` it sends.
      const own = await scope.of(request);
      return service.list(request.query, own ?? request.query.supplierId);
    },
  );
}
