import type { ExpectedRider } from "@treiber/contract";
import { sha256Hex } from "../../lib/sha256-hex.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";

/** An expected rider as the driver's phone keeps it: the QR only as its hash. */
export const toRider = (row: {
  id: number;
  userId: number;
  name: string;
  lastname: string;
  codeEmployee: string;
  codeQr: string;
  imageEtag: string | null;
}): ExpectedRider => ({
  id: row.id,
  name: row.name,
  lastname: row.lastname,
  codeEmployee: row.codeEmployee,
  image: profileImageUrl(row.userId, row.imageEtag),
  codeQrHash: sha256Hex(row.codeQr),
});
