import { createHash } from "node:crypto";
import { ADMIN_ROLES, PROFILE_IMAGE_BAD_FORMAT, PROFILE_IMAGE_UNREADABLE } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.js";
import { mayManage, PEER_EDIT_MESSAGE } from "../accounts/peer-policy.js";
import { sniffImageType } from "./image-type.js";
import {
  findProfileImage,
  findUserRole,
  ridesDriversTripInProgress,
  upsertProfileImage,
} from "./profile-image-repository.js";
import { profileImageUrl } from "./profile-image-url.js";
import { reencodeImage, STORED_IMAGE_TYPE } from "./reencode-image.js";

export type ProfileImageService = ReturnType<typeof createProfileImageService>;

export function createProfileImageService(db: Db) {
  return {
    /**
     * A user's own image, or anyone's for an admin (an Admin's or SuperAdmin's only for a
     * SuperAdmin, decision 0022); the bytes must be the declared image type and
     * decode as an image: what is stored is its re-encoding (WebP, bounded size, no metadata).
     */
    async save(caller: AuthUser, userId: number, data: unknown, declaredType: string | undefined) {
      if (caller.id !== userId && !ADMIN_ROLES.includes(caller.role)) throw forbidden();
      const target = await findUserRole(db, userId);
      if (target && !mayManage(caller, target)) throw forbidden(PEER_EDIT_MESSAGE);
      if (!Buffer.isBuffer(data)) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
      if (data.length === 0) {
        throw badRequest("La imagen es requerida", { image: "La imagen es requerida" });
      }
      const uploadedType = sniffImageType(data);
      if (!uploadedType || uploadedType !== declaredType) throw new HttpError(415, PROFILE_IMAGE_BAD_FORMAT);
      if (!target) throw notFound("Usuario no encontrado");
      const image = await reencodeImage(data);
      if (!image) throw badRequest(PROFILE_IMAGE_UNREADABLE, { image: PROFILE_IMAGE_UNREADABLE });
      const etag = createHash("sha256").update(image).digest("hex").slice(0, 32);
      await upsertProfileImage(db, { userId, contentType: STORED_IMAGE_TYPE, data: image, etag });
      return { image: profileImageUrl(userId, etag), etag };
    },

    /**
     * A user's image, for the user, an admin, a driver whose trip in progress the user rides (the
     * scan result shows the rider's photo), or a rider of the user's trip in progress (its driver);
     * 403 for anyone else, whether or not it exists.
     */
    async find(caller: AuthUser, userId: number) {
      const allowed =
        caller.id === userId ||
        ADMIN_ROLES.includes(caller.role) ||
        (caller.role === "Driver" && (await ridesDriversTripInProgress(db, caller.id, userId))) ||
        // A rider sees the photo of the driver of its trip in progress («Mi bus», issue 21).
        (caller.role === "Collaborator" && (await ridesDriversTripInProgress(db, userId, caller.id)));
      if (!allowed) throw forbidden();
      const image = await findProfileImage(db, userId);
      if (!image) throw notFound("Imagen no encontrada");
      return image;
    },
  };
}
