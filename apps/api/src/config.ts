import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Role } from "@treiber/contract";
import { apiRoot } from "./api-root.js";
import { type Env, envSchema } from "./config-env.js";
import { ConfigError } from "./config-error.js";
import { readOrCreateSecret, readOrCreateVapidKeys } from "./data-dir-keys.js";

export { ConfigError };

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
  /** Requests one API key may make per minute (API_KEY_RATE_LIMIT_PER_MINUTE, decision 0083). */
  apiKeyRateLimitPerMinute: number;
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
  /** PUBLIC_URL without its trailing slash: the origin of links sent outside (shared trips). */
  publicUrl: string | undefined;
  /**
   * The OSRM-compatible routing server (`/table`, `/route`) the planner times legs with (issue 36,
   * decision 0069); undefined: straight km × circuity (the calibrated model).
   */
  routing: { url: string; timeoutMs: number; tableSize: number } | undefined;
  corsOrigins: string[];
  demoData: boolean;
  /** `/docs` (Swagger UI and its OpenAPI JSON) is served. */
  apiDocs: boolean;
  /**
   * Mails without SMTP are printed whole in the log (codes, temporary passwords): only for a demo
   * or development, never with NODE_ENV=production.
   */
  mailLog: boolean;
  logLevel: Env["LOG_LEVEL"];
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
  /**
   * Webhooks (issue 39, decision 0085): WEBHOOK_ALLOW_PRIVATE lets them call private and loopback
   * addresses; WEBHOOK_TIMEOUT_SECONDS is how long a receiver has to answer.
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  /** Sign-in with the company account (issue 39, decision 0087); undefined when not configured. */
  companySignIn: CompanySignInConfig | undefined;
  /** Roles whose password sign-in is off (they sign in with the company account). */
  passwordSignInDisabledRoles: Role[];
  /**
   * Where documents' files go (issue 37, decision 0075): S3-compatible storage when S3_BUCKET is
   * set, else undefined (under DATA_DIR/documents).
   */
  s3: S3Config | undefined;
};

/** An S3-compatible bucket (S3_*): AWS when no endpoint is given, else MinIO, R2, Ceph… */
export type CompanySignInConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  name: string;
  /** The branch office unknown e-mails join as Collaborators; undefined: they are refused. */
  autoCreateBranchOfficeId: number | undefined;
};

export type S3Config = {
  /** `https://s3.<region>.amazonaws.com` unless S3_ENDPOINT says otherwise; no trailing slash. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted ones). */
  forcePathStyle: boolean;
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

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
  refuseBadCombinations(e);
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
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ""),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    routing: e.ROUTING_URL
      ? {
          url: e.ROUTING_URL.replace(/\/+$/, ""),
          timeoutMs: e.ROUTING_TIMEOUT_MS,
          tableSize: e.ROUTING_TABLE_SIZE,
        }
      : undefined,
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
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === true, timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000 },
    s3: s3Config(e),
    companySignIn:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            autoCreateBranchOfficeId: e.OIDC_AUTO_CREATE ? e.OIDC_AUTO_CREATE_BRANCH_OFFICE_ID : undefined,
          }
        : undefined,
    passwordSignInDisabledRoles: e.PASSWORD_SIGN_IN_DISABLED_ROLES,
  };
}

function s3Config(e: Env): S3Config | undefined {
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ""),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // A custom endpoint is most often MinIO or alike, reached by path; AWS by virtual host.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  };
}

/** The variables that go together or not in production; throws ConfigError on the first broken rule. */
function refuseBadCombinations(e: Env) {
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
  const s3 = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if ((s3.some(Boolean) || e.S3_ENDPOINT) && !s3.every(Boolean)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - S3_BUCKET, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntos / go together",
    );
  }
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - OIDC_ISSUER y OIDC_CLIENT_ID van juntos / go together",
    );
  }
  if (e.OIDC_AUTO_CREATE && !e.OIDC_AUTO_CREATE_BRANCH_OFFICE_ID) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - OIDC_AUTO_CREATE necesita OIDC_AUTO_CREATE_BRANCH_OFFICE_ID (la sucursal de los nuevos colaboradores) / needs OIDC_AUTO_CREATE_BRANCH_OFFICE_ID",
    );
  }
  if (e.PASSWORD_SIGN_IN_DISABLED_ROLES.length > 0 && !e.OIDC_ISSUER) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - PASSWORD_SIGN_IN_DISABLED_ROLES necesita OIDC_ISSUER (sin él, esos roles no podrían entrar) / needs OIDC_ISSUER",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Configuración inválida / invalid configuration:\n  - VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntos / go together",
    );
  }
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
