import { isIP } from "node:net";
import { API_KEY_RATE_LIMIT_PER_MINUTE } from "@treiber/contract";
import { z } from "zod";

/**
 * The environment variables the server reads, validated in one schema (messages in Spanish and
 * English): `loadConfig` (config.ts) turns the result into the `Config`.
 */

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    message: "debe ser true o false / must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

export const envSchema = z.object({
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
  /** Issue 39: requests one API key may make per minute (its own limit, decision 0083). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: "debe ser un número / must be a number" })
    .int("debe ser un número entero / must be a whole number")
    .min(1, "debe estar entre 1 y 100000 / must be between 1 and 100000")
    .max(100_000, "debe estar entre 1 y 100000 / must be between 1 and 100000")
    .default(API_KEY_RATE_LIMIT_PER_MINUTE),
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
  /**
   * The address people reach the web app at (issue 38): shared-trip links (`/seguir/<token>`) are
   * built on it. Unset: the address the request came in on (behind a proxy, see TRUST_PROXY).
   */
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  /** A Nominatim-compatible search service: the imports geocode addresses with it (docs/imports-commit.md). */
  GEOCODER_URL: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  /** An OSRM-compatible routing server (issue 36): the planner times legs on the road network. */
  ROUTING_URL: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  ROUTING_TIMEOUT_MS: z.coerce
    .number({ message: "debe ser un número de milisegundos / must be a number of milliseconds" })
    .int("debe ser un número entero de milisegundos / must be a whole number of milliseconds")
    .min(100, "debe estar entre 100 y 120000 / must be between 100 and 120000")
    .max(120_000, "debe estar entre 100 y 120000 / must be between 100 and 120000")
    .default(10_000),
  ROUTING_TABLE_SIZE: z.coerce
    .number({ message: "debe ser un número / must be a number" })
    .int("debe ser un número entero / must be a whole number")
    .min(2, "debe estar entre 2 y 10000 / must be between 2 and 10000")
    .max(10_000, "debe estar entre 2 y 10000 / must be between 2 and 10000")
    .default(100),
  /**
   * Documents' files (issue 37, decision 0075) in S3-compatible storage: with S3_BUCKET they go
   * there (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY required); without it, under DATA_DIR/documents.
   */
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "debe ser un nombre de bucket S3 (3 a 63 minúsculas, números, . o -) / must be an S3 bucket name",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "debe ser una región como us-east-1 / must be a region such as us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
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
  /** Issue 39: webhooks may call private and loopback addresses (tests, on-premises receivers). */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.optional(),
  /** Issue 39: how long a webhook receiver has to answer, seconds. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "debe ser 1–60 / must be 1–60")
    .max(60, "debe ser 1–60 / must be 1–60")
    .default(10),
  /**
   * Issue 39 (decision 0087): sign-in with the company account, OpenID Connect. OIDC_ISSUER and
   * OIDC_CLIENT_ID turn it on; OIDC_CLIENT_SECRET for a confidential client (else PKCE alone).
   */
  OIDC_ISSUER: z
    .url({
      protocol: /^https?$/,
      message: "debe ser una URL http:// o https:// / must be an http:// or https:// URL",
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  /** The name on the login pages' button: «Entrar con <OIDC_NAME>». */
  OIDC_NAME: z.string().trim().min(1).max(60).default("la cuenta de la empresa"),
  /** Unknown e-mails become Collaborators of OIDC_AUTO_CREATE_BRANCH_OFFICE_ID (else refused). */
  OIDC_AUTO_CREATE: booleanFlag.optional(),
  OIDC_AUTO_CREATE_BRANCH_OFFICE_ID: z.coerce
    .number({ message: "debe ser el id de una sucursal / must be a branch office id" })
    .int("debe ser el id de una sucursal / must be a branch office id")
    .positive("debe ser el id de una sucursal / must be a branch office id")
    .optional(),
  /** Roles that may not sign in with a password (comma-separated): they use the company account. */
  PASSWORD_SIGN_IN_DISABLED_ROLES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(["SuperAdmin", "Admin", "Collaborator", "Driver", "Supplier"], {
          message:
            "debe ser una lista de roles: SuperAdmin, Admin, Collaborator, Driver, Supplier / must be a list of roles",
        }),
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

export type Env = z.infer<typeof envSchema>;
