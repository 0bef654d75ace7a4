import { createHash } from "node:crypto";
import { ADMIN_ROLES, PROFILE_IMAGE_BAD_FORMAT } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.js";
import type { AuthUser } from "../accounts/auth-user.js";
import { sniffImageType } from "./image-type.js";
import {
  findProfileImage,
  ridesDriversTripInProgress,
  upsertProfileImage,
  userExists,
} from "./profile-image-repository.js";
import { profileImageUrl } from "./profile-image-url.js";

export type ProfileImageService = ReturnType<typeof createProfileImageService>;

export function createProfileImageService(db: Db) {
  return {
    /** A user's own image, or anyone's for an admin; the bytes must be the declared image type. */
    async save(caller: AuthUser, userId: number, data: unknown, declaredType: string | undefined) {
      if (caller.id !== userId && !ADMIN_ROLES.includes(caller.role)) throw forbidden();
      if (!Buffer.isBuffer(data)) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
      if (data.length === 0) {
        throw badRequest("La imagen es requerida", { image: "La imagen es requerida" });
      }
      const contentType = sniffImageType(data);
      if (!contentType || contentType !== declaredType) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
      if (!(await userExists(db, userId))) throw notFound("Usuario no encontrado");
      const etag = createHash("sha256").update(data).digest("hex").slice(0, 32);
      await upsertProfileImage(db, { userId, contentType, data, etag });
      return { image: profileImageUrl(userId, etag), etag };
    },

    /**
     * A user's image, for the user, an admin, or a driver whose trip in progress the user rides
     * (the scan result shows the rider's photo); 403 for anyone else, whether or not it exists.
     */
    async find(caller: AuthUser, userId: number) {
      const allowed =
        caller.id === userId ||
        ADMIN_ROLES.includes(caller.role) ||
        (caller.role === "Driver" && (await ridesDriversTripInProgress(db, caller.id, userId)));
      if (!allowed) throw forbidden();
      const image = await findProfileImage(db, userId);
      if (!image) throw notFound("Imagen no encontrada");
      return image;
    },
  };
}
