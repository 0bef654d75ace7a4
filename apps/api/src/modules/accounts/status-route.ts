import { ADMIN_ROLES, errorResponses, messageResponseSchema, statusChangeSchema } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthUser } from "../../lib/auth-user.js";
import { currentUser } from "../../plugins/access.js";
import type { Status } from "./user-status.js";

/**
 * `PUT {path}` with `{ id, status }` (admins): activates or deactivates a user account, or the
 * account behind an employee or driver, and answers "Estado actualizado".
 */
export function registerStatusRoute(
  app: FastifyInstance,
  route: {
    path: string;
    tags: string[];
    summary: string;
    setStatus: (caller: AuthUser, id: number, status: Status) => Promise<void>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().put(
    route.path,
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: route.tags,
        summary: route.summary,
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await route.setStatus(currentUser(request), request.body.id, request.body.status);
      return { message: "Estado actualizado" };
    },
  );
}
