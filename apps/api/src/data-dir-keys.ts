import { createECDH, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config-error.js";

/** The embedded database keeps its generated JWT secret next to its data. */
export function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * The VAPID key pair kept next to the data (like the JWT secret): generated on the first start, the
 * same on every later one, so the phones' subscriptions stay valid. Created exclusively: two
 * instances starting together on one DATA_DIR end up with the same pair.
 */
export function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, "vapid-keys.json");
  const read = () => {
    const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") {
      throw new ConfigError(
        `Configuración inválida / invalid configuration:\n  - ${file}: claves VAPID ilegibles / unreadable VAPID keys`,
      );
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  };
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new ConfigError(`Configuración inválida / invalid configuration:\n  - ${file}: ${String(error)}`);
    }
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const raw = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // 32 bytes always (a key with leading zero bytes comes shorter).
    privateKey: Buffer.concat([Buffer.alloc(32 - raw.length), raw]).toString("base64url"),
  };
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw error;
  }
}
