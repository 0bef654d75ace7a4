import {
  errorResponseSchema,
  errorResponses,
  PROFILE_IMAGE_BAD_FORMAT,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  profileImageParamsSchema,
  profileImageResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../../plugins/access.js";
import { IMAGE_TYPES, mediaType } from "./image-type.js";
import { createProfileImageService } from "./profile-image-service.js";

const tags = ["ProfileImage"];
/** An image answer loads nothing and runs nothing, even if a browser were to render it as a page. */
const IMAGE_CSP = "default-src 'none'; sandbox";
const errors = { ...errorResponses, 413: errorResponseSchema, 415: errorResponseSchema };

/** `PUT/GET /api/v1/ProfileImage/{userId}`; raw image bodies, parsers scoped to this plugin. */
export function registerProfileImageRoutes(app: FastifyInstance, db: Db) {
  const service = createProfileImageService(db);
  app.register(async (scope) => {
    scope.addContentTypeParser(
      [...IMAGE_TYPES],
      { parseAs: "buffer", bodyLimit: PROFILE_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.put(
      routePath(API.profileImage.upload),
      {
        config: { access: "authenticated" },
        bodyLimit: PROFILE_IMAGE_MAX_BYTES,
        errorHandler: (error, _request, reply) => {
          if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
            return reply.status(413).send({ statusCode: 413, message: PROFILE_IMAGE_TOO_LARGE });
          }
          if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
            return reply.status(415).send({ statusCode: 415, message: PROFILE_IMAGE_BAD_FORMAT });
          }
          throw error;
        },
        schema: {
          tags,
          summary: "Subir la imagen de perfil (cuerpo: bytes PNG, JPEG o WebP, máx. 2 MB)",
          description:
            "La imagen se vuelve a codificar como WebP de hasta 512×512 sin metadatos; 400 si no se puede leer.",
          params: profileImageParamsSchema,
          response: { 200: profileImageResponseSchema, ...errors },
        },
      },
      (request) =>
        service.save(
          currentUser(request),
          request.params.userId,
          request.body,
          mediaType(request.headers["content-type"]),
        ),
    );

    r.get(
      routePath(API.profileImage.get),
      {
        config: { access: "authenticated" },
        schema: {
          tags,
          summary: "Imagen de perfil de un usuario",
          description:
            "Para el propio usuario, los administradores, el chofer cuya ruta en curso lleva (o espera) a ese colaborador " +
            "y los pasajeros de la ruta en curso de ese chofer.",
          params: profileImageParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await service.find(currentUser(request), request.params.userId);
        const etag = `"${image.etag}"`;
        reply.header("ETag", etag).header("Cache-Control", "private, max-age=86400");
        const match = request.headers["if-none-match"];
        if (match?.split(",").some((value) => value.trim().replace(/^W\//, "") === etag)) {
          return reply.status(304).send();
        }
        // Never read as anything but the image it says it is, nor run as a page if opened directly.
        return reply
          .type(image.contentType)
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Security-Policy", IMAGE_CSP)
          .send(image.data);
      },
    );
  });
}
