import { createHash } from "node:crypto";
import {
  ADMIN_ROLES,
  errorResponseSchema,
  errorResponses,
  PROFILE_IMAGE_BAD_FORMAT,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  profileImageParamsSchema,
  profileImageResponseSchema,
} from "@treiber/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { profileImages, users } from "../../db/schema.js";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.js";
import { currentUser } from "../../plugins/access.js";

const tags = ["ProfileImage"];
const errors = { ...errorResponses, 413: errorResponseSchema, 415: errorResponseSchema };
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/** The image type the bytes really are (magic numbers), or undefined. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (data.length >= 8 && data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])))
    return "image/png";
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

const mediaType = (header: string | undefined) => header?.split(";")[0]?.trim().toLowerCase();

/** `PUT/GET /api/v1/ProfileImage/{userId}`; raw image bodies, parsers scoped to this plugin. */
export function registerProfileImageRoutes(app: FastifyInstance, db: Db) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      [...IMAGE_TYPES],
      { parseAs: "buffer", bodyLimit: PROFILE_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.put(
      "/api/v1/ProfileImage/:userId",
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
          params: profileImageParamsSchema,
          response: { 200: profileImageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        const { userId } = request.params;
        if (caller.id !== userId && !ADMIN_ROLES.includes(caller.role)) throw forbidden();
        const data = request.body;
        if (!Buffer.isBuffer(data)) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
        if (data.length === 0) {
          throw badRequest("La imagen es requerida", { image: "La imagen es requerida" });
        }
        const declared = mediaType(request.headers["content-type"]);
        const actual = sniffImageType(data);
        if (!actual || actual !== declared) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw notFound("Usuario no encontrado");
        const etag = createHash("sha256").update(data).digest("hex").slice(0, 32);
        await db
          .insert(profileImages)
          .values({ userId, contentType: actual, data, etag })
          .onConflictDoUpdate({
            target: profileImages.userId,
            set: { contentType: actual, data, etag, updatedAt: new Date() },
          });
        return { image: `/api/v1/ProfileImage/${userId}?v=${etag}`, etag };
      },
    );

    r.get(
      "/api/v1/ProfileImage/:userId",
      {
        config: { access: "authenticated" },
        schema: { tags, summary: "Imagen de perfil de un usuario", params: profileImageParamsSchema },
      },
      async (request, reply) => {
        const [image] = await db
          .select()
          .from(profileImages)
          .where(eq(profileImages.userId, request.params.userId))
          .limit(1);
        if (!image) throw notFound("Imagen no encontrada");
        const etag = `"${image.etag}"`;
        reply.header("ETag", etag).header("Cache-Control", "private, max-age=86400");
        const match = request.headers["if-none-match"];
        if (match?.split(",").some((value) => value.trim().replace(/^W\//, "") === etag)) {
          return reply.status(304).send();
        }
        return reply.type(image.contentType).send(image.data);
      },
    );
  });
}
