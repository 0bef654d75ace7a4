import {
  errorResponseSchema,
  errorResponses,
  oidcCallbackQuerySchema,
  oidcSessionRequestSchema,
  oidcStartQuerySchema,
  signInOptionsResponseSchema,
  signInResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../lib/http-error.js";
import { publicOrigin } from "../../lib/public-origin.js";
import { withRetryAfter } from "../../lib/retry-after.js";
import type { CompanySignInService } from "./company-sign-in-service.js";

const tags = ["Auth"];
const NOT_CONFIGURED = "El inicio de sesión con la cuenta de la empresa no está configurado";
const COOKIE = "treiber_oidc";
/** The cookie goes back only to these calls: the callback reads it. */
const COOKIE_PATH = "/api/v1/Auth/oidc";

const callbackUri = (request: FastifyRequest, publicUrl: string | undefined) =>
  `${publicOrigin(request, publicUrl)}${routePath(API.auth.oidcCallback)}`;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** Lax: the provider's redirect back is a top-level GET, which carries it; nothing else does. */
function setStateCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "Set-Cookie",
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header("Cache-Control", "no-store");
};

/**
 * Sign-in with the company account (issue 39, decision 0087). `signInOptions` answers on every
 * installation (the login pages ask it); the OIDC calls exist only when OIDC_ISSUER is set.
 */
export function registerCompanySignInRoutes(
  app: FastifyInstance,
  service: CompanySignInService | undefined,
  publicUrl: string | undefined,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.auth.signInOptions),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Cómo se puede iniciar sesión (cuenta de la empresa o no)",
        response: { 200: signInOptionsResponseSchema },
      },
    },
    () => ({ companySignIn: service ? { name: service.name } : null }),
  );
  // Without OIDC_ISSUER the calls exist (one API table everywhere) and answer 404.
  const configured = (): CompanySignInService => {
    if (!service) throw notFound(NOT_CONFIGURED);
    return service;
  };

  r.get(
    routePath(API.auth.oidcStart),
    {
      config: { access: "public" },
      onRequest: noStore,
      schema: {
        tags,
        summary: "Entrar con la cuenta de la empresa: lleva al proveedor de identidad (302)",
        querystring: oidcStartQuerySchema,
        response: { 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { location, state } = await withRetryAfter(reply, () =>
        configured().start(request.query.app, callbackUri(request, publicUrl), request.ip),
      );
      if (state) setStateCookie(reply, request, state, 600);
      return reply.redirect(location, 302);
    },
  );

  r.get(
    routePath(API.auth.oidcCallback),
    {
      config: { access: "public" },
      onRequest: noStore,
      schema: {
        tags,
        summary: "Vuelta del proveedor de identidad: lleva a la página de inicio (302)",
        querystring: oidcCallbackQuerySchema,
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const location = await configured().callback(
        query,
        readCookie(request, COOKIE),
        callbackUri(request, publicUrl),
        request.ip,
      );
      setStateCookie(reply, request, "", 0);
      return reply.redirect(location, 302);
    },
  );

  r.post(
    routePath(API.auth.oidcSession),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Canjear el código de un solo uso por la sesión de Treiber",
        body: oidcSessionRequestSchema,
        response: { 200: signInResponseSchema, ...errorResponses },
      },
    },
    (request) => configured().session(request.body.code),
  );
}
