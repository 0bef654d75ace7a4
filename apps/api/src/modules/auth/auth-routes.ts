import {
  ADMIN_ROLES,
  changePasswordForgetRequestSchema,
  changePasswordRequestSchema,
  driverSignupRequestSchema,
  employeeLocationSignupRequestSchema,
  employeeSignupRequestSchema,
  errorResponseSchema,
  errorResponses,
  forgetPasswordRequestSchema,
  messageResponseSchema,
  REQUIRED_MESSAGE,
  ROLES,
  refreshTokenRequestSchema,
  regeneratePasswordRequestSchema,
  regeneratePasswordResponseSchema,
  roleItemSchema,
  roleUserRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
  signupResponseSchema,
  supplierSignupRequestSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/http-error.js";
import { withRetryAfter } from "../../lib/retry-after.js";
import { currentUser } from "../../plugins/access.js";
import { type AuthService, FORGET_PASSWORD_MESSAGE } from "./auth-service.js";
import type { SignupService } from "./signup-service.js";

const tags = ["Auth"];

const errors = { ...errorResponses, 429: errorResponseSchema };

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, signups: SignupService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.auth.signIn),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Iniciar sesión",
        body: signInRequestSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      withRetryAfter(reply, () => auth.signIn(request.body.email, request.body.password, request.ip)),
  );

  r.post(
    routePath(API.auth.refreshToken),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Renovar la sesión (rota el refresh token)",
        body: refreshTokenRequestSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refreshToken),
  );

  r.post(
    routePath(API.auth.revokeToken),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Cerrar la sesión del refresh token",
        body: refreshTokenRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.revoke(request.body.refreshToken, undefined);
      return { message: "Sesión cerrada" };
    },
  );

  r.put(
    routePath(API.auth.changePassword),
    {
      config: { access: "authenticated", duringPasswordChange: true },
      schema: {
        tags,
        summary: "Cambiar la contraseña propia (cierra las demás sesiones)",
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      withRetryAfter(reply, async () => {
        await auth.changePassword(
          currentUser(request),
          request.body.currentPassword,
          request.body.newPassword,
        );
        return { message: "Contraseña actualizada" };
      }),
  );

  r.post(
    routePath(API.auth.forgetPassword),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Enviar un código para restablecer la contraseña",
        body: forgetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      withRetryAfter(reply, async () => {
        await auth.forgetPassword(request.body.email, request.ip);
        return { message: FORGET_PASSWORD_MESSAGE };
      }),
  );

  r.put(
    routePath(API.auth.changePasswordForget),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Restablecer la contraseña con el código recibido",
        body: changePasswordForgetRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      withRetryAfter(reply, async () => {
        await auth.changePasswordForget(request.body.email, request.body.code, request.body.newPassword);
        return { message: "Contraseña restablecida. Ya puede iniciar sesión." };
      }),
  );

  r.put(
    routePath(API.auth.regeneratePassword),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Regenerar la contraseña de un usuario (temporal, por correo; se muestra solo a un SuperAdmin)",
        querystring: regeneratePasswordRequestSchema.partial(),
        body: regeneratePasswordRequestSchema.partial().nullish(),
        response: { 200: regeneratePasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const parsed = regeneratePasswordRequestSchema.safeParse({
        userId: request.body?.userId ?? request.query.userId,
      });
      if (!parsed.success) throw badRequest(REQUIRED_MESSAGE, { userId: REQUIRED_MESSAGE });
      return auth.regeneratePassword(currentUser(request), parsed.data.userId);
    },
  );

  r.get(
    routePath(API.auth.roles),
    {
      config: { access: ADMIN_ROLES },
      schema: { tags, summary: "Roles", response: { 200: z.array(roleItemSchema), ...errors } },
    },
    () => ROLES.map((name, index) => ({ id: index + 1, name })),
  );

  r.post(
    routePath(API.auth.roleUser),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Cambiar el rol de un usuario",
        body: roleUserRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.setRole(currentUser(request), request.body.userId, request.body.role);
      return { message: "Rol actualizado" };
    },
  );

  r.post(
    routePath(API.auth.employeeSignup),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un colaborador (usuario + empleado)",
        body: employeeSignupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await signups.employee(currentUser(request), request.body)),
  );

  r.post(
    routePath(API.auth.employeeLocationSignup),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un colaborador con su ubicación de residencia",
        body: employeeLocationSignupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await signups.employee(currentUser(request), request.body)),
  );

  r.post(
    routePath(API.auth.driverSignup),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un chofer (usuario + chofer)",
        body: driverSignupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await signups.driver(request.body)),
  );
  r.post(
    routePath(API.auth.supplierSignup),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un usuario de un suplidor (portal del suplidor)",
        description:
          "El usuario entra con el rol Supplier y solo ve los choferes, viajes, cortes, incidencias y " +
          "documentos de su suplidor. 404 si el suplidor no existe; 409 si está inactivo o el correo ya existe.",
        body: supplierSignupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await signups.supplier(request.body)),
  );
}
