import { PROFILE_IMAGE_SIDE } from "@treiber/contract";
import sharp from "sharp";

/** What every stored profile image is, whatever was uploaded. */
export const STORED_IMAGE_TYPE = "image/webp";

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The uploaded bytes decoded and written again as a clean WebP (decision 0025): turned upright by
 * its EXIF orientation, at most PROFILE_IMAGE_SIDE on each side, quality 80, no metadata (EXIF, GPS,
 * ICC, comments), nothing of the original file but its pixels, so a polyglot (an image header
 * followed by HTML or a script) loses its payload. Undefined when the bytes do not decode.
 */
export async function reencodeImage(data: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(PROFILE_IMAGE_SIDE, PROFILE_IMAGE_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined;
  }
}
