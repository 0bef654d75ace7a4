import {
  complianceQuerySchema,
  complianceResponseSchema,
  errorResponses,
  SUPPLIER_PORTAL_ROLES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { createSupplierScope } from "../supplier-portal/supplier-scope.js";
import { compliance } from "./compliance.js";

/** «Cumplimiento» (decision 0078): what expires when, by supplier; a supplier sees only theirs. */
export function registerComplianceRoutes(app: FastifyInstance, db: Db, time: BranchOfficeTime) {
  const scope = createSupplierScope(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    routePath(API.document.compliance),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags: ["Document"],
        summary:
          "Cumplimiento: documentos vigentes por vencer (45 días) o vencidos, por fecha de vencimiento, " +
          "o agrupados por suplidor (groupBy=supplier), con los choferes que no pueden iniciar viajes hoy " +
          "(un suplidor ve solo los suyos)",
        querystring: complianceQuerySchema,
        response: { 200: complianceResponseSchema, ...errorResponses },
      },
    },
    async (request) => compliance(db, time, request.query, await scope.of(request)),
  );
}
