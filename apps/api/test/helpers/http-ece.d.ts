/** `http_ece` (installed with web-push) has no types: the one call the local push service makes. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}
