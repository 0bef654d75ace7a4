import { createECDH, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { apiRoot } from "./api-root.js";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    message: "debe ser true o false / must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: "debe ser un número de puerto / must be a port number" })
    .int()
    .min(1, "debe estar entre 1 y 65535 / must be between 1 and 65535")
    .max(65535, "debe estar entre 1 y 65535 / must be between 1 and 65535")
    .default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar con postgres:// / must start with postgres://")
    .optional(),
  DATABASE_PARALLEL_WORKERS: z.coerce
    .number({ message: "debe ser un número / must be a number" })
    .int()
    .min(0, "debe estar entre 0 y 16 / must be between 0 and 16")
    .max(16, "debe estar entre 0 y 16 / must be between 0 and 16")
    .default(0),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: "debe ser un número de milisegundos / must be a number of milliseconds" })
    .int("debe ser un número entero de milisegundos / must be a whole number of milliseconds")
    .min(0, "debe estar entre 0 y 86400000 / must be between 0 and 86400000")
    .max(86_400_000, "debe estar entre 0 y 86400000 / must be between 0 and 86400000")
    .default(120_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce
    .number({ message: "debe ser un número de milisegundos / must be a number of milliseconds" })
    .int("debe ser un número entero de milisegundos / must be a whole number of milliseconds")
    .min(0, "debe estar entre 0 y 86400000 / must be between 0 and 86400000")
    .max(86_400_000, "debe estar entre 0 y 86400000 / must be between 0 and 86400000")
    .default(30_000),
  POSITIONS_RETENTION_DAYS: z.coerce
    .number({ message: "debe ser un número de días / must be a number of days" })
    .int("debe ser un número entero de días / must be a whole number of days")
    .min(1, "debe estar entre 1 y 36500 / must be between 1 and 36500")
    .max(36500, "debe estar entre 1 y 36500 / must be between 1 and 36500")
    .default(90),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "debe empezar con redis:// / must start with redis://")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_.:-]{1,64}$/,
      "de 1 a 64 letras, números, _ . : o - / 1 to 64 letters, digits, _ . : or -",
    )
    .optional(),
  JWT_SECRET: z
    .string()
    .min(32, "debe tener al menos 32 caracteres / must be at least 32 characters")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "debe empezar con smtp:// o smtps:// / must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Treiber <no-reply@treiber.app>"),
  /** A Nominatim-compatible search service: the imports geocode addresses with it (docs/imports-commit.md). */
  GEOCODER_URL: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  /** Web Push (issue 25): the server's VAPID key pair, base64url; generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^B[A-Za-z0-9_-]{86}$/,
      "debe ser una clave pública P-256 en base64url (87 caracteres) / must be a base64url P-256 public key (87 characters)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      "debe ser una clave privada P-256 en base64url (43 caracteres) / must be a base64url P-256 private key (43 characters)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:.+@.+|https:\/\/.+)$/,
      "debe ser mailto:correo o una URL https:// / must be mailto:e-mail or an https:// URL",
    )
    .default("mailto:no-reply@treiber.app"),
  /**
   * Tests only (issue 32): hosts a Web Push may reach although they are not public (a local push
   * service on 127.0.0.1). Comma-separated host names or IP addresses; never in production.
   */
  PUSH_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, "$1"),
        )
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (host) => isIP(host) !== 0 || /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(host),
            "debe ser una lista de nombres de host o direcciones IP / must be a list of host names or IP addresses",
          ),
      ),
    ),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: "debe ser una lista de URLs / must be a list of URLs" }))),
  DEMO_DATA: booleanFlag.optional(),
  API_DOCS: booleanFlag.optional(),
  MAIL_LOG: booleanFlag.optional(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SUPERADMIN_EMAIL: z.email({ message: "debe ser un correo / must be an e-mail" }).optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, "debe tener al menos 8 caracteres / min 8 characters").optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** The maps' tile template, read by the web builds; the server allows its host in the CSP. */
  VITE_MAP_TILE_URL: z.string().optional(),
  FIELD_DIST_DIR: z.string().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/,
      "debe ser false, un número de saltos o una lista de IP/CIDR / must be false, a hop count or a list of IPs/CIDRs",
    )
    // `true` trusts every X-Forwarded-For: the client picks its own IP and the per-IP limits do
    // nothing (issue 21 finding 5).
    .refine(
      (value) => value !== "true",
      "true no se admite: cualquier cliente elegiría su IP con X-Forwarded-For; use 1 (un proxy que agrega la IP) o las IP/CIDR de sus proxies / true is not allowed: any client would pick its IP with X-Forwarded-For; use 1 (one proxy that appends the IP) or your proxies' IPs/CIDRs",
    )
    .optional(),
});

/** Fastify's `trustProxy`: false (default), the number of proxy hops, or the proxies' addresses. */
export type TrustProxy = false | number | string;

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === "false") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL `max_parallel_workers_per_gather` for the app's sessions (0: every query runs serially). */
  databaseParallelWorkers: number;
  /**
   * Days a finished trip's raw GPS positions are kept once its compact trace is stored; then the
   * positions job deletes them (docs/decisions/0033).
   */
  positionsRetentionDays: number;
  /**
   * PostgreSQL `statement_timeout` and `lock_timeout` of the app's sessions, ms (0: none). PGlite
   * runs one statement at a time and has neither (docs/decisions/0037).
   */
  databaseStatementTimeoutMs: number;
  databaseLockTimeoutMs: number;
  redisUrl: string | undefined;
  /**
   * Start of every Redis channel and key of this deployment (REDIS_PREFIX; by default the
   * PostgreSQL database's name, or "treiber" embedded): two deployments sharing one Redis never
   * see each other's events or counters.
   */
  redisPrefix: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The Nominatim-compatible search service (`{url}/search?q=…&format=jsonv2`) the imports use to
   * place a home from its address; undefined: rows without coordinates import without a location.
   */
  geocoderUrl: string | undefined;
  corsOrigins: string[];
  demoData: boolean;
  /** `/docs` (Swagger UI and its OpenAPI JSON) is served. */
  apiDocs: boolean;
  /**
   * Mails without SMTP are printed whole in the log (codes, temporary passwords): only for a demo
   * or development, never with NODE_ENV=production.
   */
  mailLog: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  superAdmin: { email: string; password: string } | undefined;
  webDistDir: string;
  /** Treiber App's build (apps/field), served at /app/. */
  fieldDistDir: string;
  /** Certificate and key (PEM) when the server itself serves HTTPS (camera and GPS need it on phones). */
  tls: { cert: Buffer; key: Buffer } | undefined;
  trustProxy: TrustProxy;
  /** The maps' tile URL template (VITE_MAP_TILE_URL; OpenStreetMap's when unset): its host is allowed in img-src. */
  mapTileUrl: string | undefined;
  /** Web Push's VAPID identity (VAPID_*; else generated once into DATA_DIR/vapid-keys.json, mode 0600). */
  vapid: VapidKeys;
  /**
   * PUSH_ALLOWED_PRIVATE_HOSTS (tests only): hosts a Web Push may reach although they are not
   * public, lower case, IPv6 without brackets. Empty in every real deployment (refused in production).
   */
  pushAllowedPrivateHosts: string[];
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida / invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - JWT_SECRET: es obligatorio con DATABASE_URL / is required with DATABASE_URL",
    );
  }
  if ((e.SUPERADMIN_EMAIL && !e.SUPERADMIN_PASSWORD) || (!e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - SUPERADMIN_EMAIL y SUPERADMIN_PASSWORD van juntos / go together",
    );
  }
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - TLS_CERT_FILE y TLS_KEY_FILE van juntos / go together",
    );
  }
  if (e.MAIL_LOG && e.NODE_ENV === "production") {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - MAIL_LOG: no se permite con NODE_ENV=production (imprime códigos y contraseñas) / not allowed in production (prints codes and passwords)",
    );
  }
  if (e.PUSH_ALLOWED_PRIVATE_HOSTS.length > 0 && e.NODE_ENV === "production") {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - PUSH_ALLOWED_PRIVATE_HOSTS: no se permite con NODE_ENV=production (el servidor llamaría a la red interna) / not allowed in production (the server would call the internal network)",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntos / go together",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  // A demo (embedded database, not production) shows its docs and logs its mails by default.
  const demoDefault = !e.DATABASE_URL && e.NODE_ENV !== "production";
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseParallelWorkers: e.DATABASE_PARALLEL_WORKERS,
    positionsRetentionDays: e.POSITIONS_RETENTION_DAYS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ""),
    corsOrigins: e.CORS_ORIGINS,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    apiDocs: e.API_DOCS ?? demoDefault,
    mailLog: e.MAIL_LOG ?? demoDefault,
    logLevel: e.LOG_LEVEL,
    superAdmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD
        ? { email: e.SUPERADMIN_EMAIL.toLowerCase(), password: e.SUPERADMIN_PASSWORD }
        : undefined,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(apiRoot, "../web/dist")),
    fieldDistDir: resolve(e.FIELD_DIST_DIR ?? join(apiRoot, "../field/dist")),
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? {
            cert: readTlsFile("TLS_CERT_FILE", e.TLS_CERT_FILE),
            key: readTlsFile("TLS_KEY_FILE", e.TLS_KEY_FILE),
          }
        : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mapTileUrl: e.VITE_MAP_TILE_URL,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : readOrCreateVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT,
    },
    pushAllowedPrivateHosts: e.PUSH_ALLOWED_PRIVATE_HOSTS,
  };
}

/** The PostgreSQL database's name (as a Redis prefix allows it), or "treiber" for the embedded one. */
function defaultRedisPrefix(databaseUrl: string | undefined): string {
  if (!databaseUrl) return "treiber";
  let name = "";
  try {
    name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  } catch {
    name = "";
  }
  return name.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 64) || "treiber";
}

function readTlsFile(name: string, path: string): Buffer {
  try {
    return readFileSync(resolve(path));
  } catch {
    throw new ConfigError(
      `Configuración inválida / invalid configuration:\n  - ${name}: no se puede leer ${path} / cannot read ${path}`,
    );
  }
}

/** The embedded database keeps its generated JWT secret next to its data. */
function readOrCreateSecret(dataDir: string): string {
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
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
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
