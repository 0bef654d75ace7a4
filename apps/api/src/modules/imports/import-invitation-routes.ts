/**
 * `Import/invitations` (issue 33): the invitations imports hold until go-live («crear sin
 * enviar»), and «Enviar invitaciones», which sends them all now. Admin and SuperAdmin.
 */
import { ADMIN_ROLES, errorResponses, heldInvitationsSchema, sentInvitationsSchema } from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { HeldMailJob } from "../../mail/held-mail-job.js";

export function registerImportInvitationRoutes(scope: FastifyInstance, invitations: HeldMailJob) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ["Import"];

  r.get(
    routePath(API.importInvitation.held),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Invitaciones retenidas por importaciones (crear sin enviar)",
        description:
          "Cuántas invitaciones (contraseñas temporales de cuentas importadas) esperan su fecha, y la primera y la última fecha.",
        response: { 200: heldInvitationsSchema, ...errorResponses },
      },
    },
    () => invitations.summary(),
  );

  r.post(
    routePath(API.importInvitation.send),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Enviar ahora las invitaciones retenidas",
        description:
          "Envía todas las invitaciones que esperan su fecha (sin SMTP_URL quedan en la bandeja de salida). Responde cuántas.",
        response: { 200: sentInvitationsSchema, ...errorResponses },
      },
    },
    async () => ({ sent: await invitations.sendAllNow() }),
  );
}
