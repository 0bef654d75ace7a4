import { createHash } from "node:crypto";

/** SHA-256 of a text, in hex (refresh tokens at rest, QR codes the driver's phone recognises offline). */
export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
