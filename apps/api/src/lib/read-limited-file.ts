import type { MultipartFile } from "@fastify/multipart";

/**
 * An uploaded file part's bytes, at most `maxBytes` (imports, documents): `tooLarge()` is thrown as
 * soon as busboy marks the part cut at the plugin's `fileSize` limit, or the bytes pass `maxBytes`.
 * Leaving the loop destroys the stream, and the plugin stops reading the request.
 */
export async function readLimitedFile(
  file: MultipartFile["file"],
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
    if (file.truncated || size > maxBytes) break;
  }
  if (file.truncated || size > maxBytes) throw tooLarge();
  return Buffer.concat(chunks, size);
}
