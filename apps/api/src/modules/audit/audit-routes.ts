import { auditListQuerySchema, auditListResponseSchema, errorResponses, type Role } from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { DAY_MS, parseApiDate } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";
import { pageWindow } from "../../lib/paging.js";
import { listAuditEntries } from "./audit-repository.js";

const SUPER_ADMIN: readonly Role[] = ["SuperAdmin"];
const RANGE_MESSAGE = "La fecha inicial no puede ser posterior a la final";

/** «Auditoría» (issue 39, decision 0084): the trail of changes, for a SuperAdmin only. */
export function registerAuditRoutes(app: FastifyInstance, db: Db, time: BranchOfficeTime) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.audit.list),
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ["Audit"],
        summary:
          "Auditoría: los cambios hechos por la API (quién —usuario o clave de API—, cuándo, desde dónde, la operación y los campos antes y después), del más reciente al más antiguo; fechas en el reloj de las sucursales",
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { sinceDate, untilDate, entity, entityId, userId } = request.query;
      let from: Date | undefined;
      let to: Date | undefined;
      if (sinceDate && untilDate) {
        const since = parseApiDate(sinceDate, "sinceDate");
        const until = parseApiDate(untilDate, "untilDate");
        if (since > until) throw badRequest(RANGE_MESSAGE, { sinceDate: RANGE_MESSAGE });
        from = new Date(time.on("00:00", since));
        to = new Date(time.on("00:00", until + DAY_MS));
      }
      const page = pageWindow(request.query);
      return listAuditEntries(db, { entity, entityId, userId, from, to, ...page });
    },
  );
}
