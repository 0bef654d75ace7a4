export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

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

/** The media type of a Content-Type header, without parameters, lower-cased. */
export const mediaType = (header: string | undefined) => header?.split(";")[0]?.trim().toLowerCase();
