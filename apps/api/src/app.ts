import type { Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import fastifyCors from "@fastify/cors";
import proxyAddr from "@fastify/proxy-addr";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config, TrustProxy } from "./config.js";
import type { Database } from "./db/client.js";
import type { HubOptions } from "./hub/hub-server.js";
import { branchOfficeTime, type OffsetAt, serverZoneOffset } from "./lib/branch-office-time.js";
import { redactError } from "./lib/redact-error.js";
import { createHeldMailJob } from "./mail/held-mail-job.js";
import { createMailer } from "./mail/mailer.js";
import { mustChangePassword } from "./modules/accounts/account-repository.js";
import { createAccountRights } from "./modules/accounts/account-rights.js";
import { createApiKeyGate } from "./modules/api-keys/api-key-gate.js";
import { registerAuditTrail } from "./modules/audit/audit-trail.js";
import { type AttemptStore, createMemoryAttemptStore } from "./modules/auth/attempt-store.js";
import { type AuthLimits, createAuthLimits } from "./modules/auth/auth-limits.js";
import { createAuthRepository } from "./modules/auth/auth-repository.js";
import { createAuthService } from "./modules/auth/auth-service.js";
import { createSignInThrottle, type SignInThrottle } from "./modules/auth/sign-in-throttle.js";
import { createSignupService } from "./modules/auth/signup-service.js";
import { createTokenService } from "./modules/auth/token-service.js";
import { bookingClock } from "./modules/bookings/booking-clock.js";
import { type BookingSweep, createBookingSweep } from "./modules/bookings/booking-sweep.js";
import { createCompanySignInRepository } from "./modules/company-sign-in/company-sign-in-repository.js";
import { createCompanySignInService } from "./modules/company-sign-in/company-sign-in-service.js";
import { createDayPlanAuto, type DayPlanAuto } from "./modules/day-plans/day-plan-auto.js";
import { createExpiryDigest, type ExpiryDigest } from "./modules/documents/expiry-digest.js";
import { createDocumentStorage } from "./modules/documents/storage/create-document-storage.js";
import type { DocumentStorage } from "./modules/documents/storage/document-storage.js";
import { createImportService } from "./modules/imports/import-service.js";
import { createIncidentAnnouncer } from "./modules/incidents/incident-announcer.js";
import { createIncidentMonitor, type IncidentMonitor } from "./modules/incidents/incident-monitor.js";
import type { TripWatchListener } from "./modules/incidents/trip-watch.js";
import { createNotifier } from "./modules/notifications/notification-service.js";
import { createPushRepository } from "./modules/push/push-repository.js";
import { createPushSender, type PushSender } from "./modules/push/push-sender.js";
import {
  createReportScheduleRunner,
  type ReportScheduleRunner,
} from "./modules/report-schedules/report-schedule-runner.js";
import { createReportScheduleService } from "./modules/report-schedules/report-schedule-service.js";
import { createRiderAlerts } from "./modules/rider-alerts/rider-alerts.js";
import { createRoadRouting } from "./modules/routing/road-routing.js";
import { createSafeArrivalDrops, type SafeArrivalDrops } from "./modules/safe-arrival/safe-arrival-drops.js";
import { createSafeArrivalSweep, type SafeArrivalSweep } from "./modules/safe-arrival/safe-arrival-sweep.js";
import { createPositionsJob, type PositionsJob } from "./modules/trip-positions/positions-job.js";
import type { QueuedPositionLimitOptions } from "./modules/trip-positions/queued-position-limit.js";
import { createTripPositionsService } from "./modules/trip-positions/trip-positions-service.js";
import { createWebhookWorker, type WebhookWorker } from "./modules/webhooks/webhook-worker.js";
import { createAuthenticate, registerAccessControl } from "./plugins/access.js";
import { registerCallerTime } from "./plugins/caller-time.js";
import { registerControlCharacterGuard } from "./plugins/control-characters.js";
import { registerErrorHandler } from "./plugins/error-handler.js";
import { frameworkErrorHandler, type ProxyTrust } from "./plugins/framework-errors.js";
import { registerPasswordChangeGate, withPasswordChanged } from "./plugins/password-change-gate.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerSpa } from "./plugins/spa.js";
import { createMemoryBus, type RealtimeBus } from "./realtime/realtime-bus.js";
import { registerRoutes } from "./routes.js";

z.config(z.locales.es());

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /**
   * Where the sign-in and password throttles count: in memory unless given (the server passes the
   * Redis store with REDIS_URL, so every instance shares the counters).
   */
  attempts?: AttemptStore;
  /** The sign-in throttle (default: decision 0022's policy on `attempts`); tests pass their own. */
  throttle?: SignInThrottle;
  /** The password calls' limits (default: decision 0022's on `attempts`). */
  limits?: AuthLimits;
  /** The rate of queued positions per driver (default: issue 21's); tests pass their own clock. */
  queuedPositions?: QueuedPositionLimitOptions;
  /** Where hub events go; in memory unless given (the server passes the Redis bus with REDIS_URL). */
  realtime?: RealtimeBus;
  /** Hub timings and limits (tests shorten them). */
  hub?: HubOptions;
  /**
   * Ticks the scheduled jobs (the positions job, docs/decisions/0033): the server does; tests run
   * them by hand (`app.positionsJob`).
   */
  scheduleJobs?: boolean;
  /**
   * The branch offices' UTC offset (lib/branch-office-time.ts; default: the server's zone, `TZ`):
   * tests fix it, so they run alike on any machine.
   */
  branchOfficeOffsetAt?: OffsetAt;
  /**
   * The control room's monitor (issue 25): its clock for tests, and listeners called after every
   * trip event it handles (rider alerts; also `app.incidentMonitor.onUpdate`).
   */
  incidents?: { now?: () => number; tickMs?: number; listeners?: TripWatchListener[] };
  /** Bookings (issue 35): their clock for tests (the zone is `branchOfficeOffsetAt`). */
  bookings?: { now?: () => number };
  /** Safe arrival at night (issue 38): the sweep's and the answers' clock for tests. */
  safeArrival?: { now?: () => number };
  /** Reports by e-mail (issue 39): the runner's clock for tests (`app.reportSchedules.run(now)`). */
  reportSchedules?: { now?: () => number };
  /** Where documents' files go (issue 37; default: `config`'s S3 bucket or DATA_DIR); tests pass their own. */
  documentStorage?: DocumentStorage;
  /** Webhooks (issue 39): the worker's clock and receivers' timeout for tests (`app.webhooks.run(now)`). */
  webhooks?: { now?: () => number; timeoutMs?: number };
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Web Push to the phones (default: the VAPID sender of `config`); tests reach a local push service. */
  push?: PushSender;
  /** The audit trail (decision 0084); on unless `false` (the audit bench measures without it). */
  audit?: boolean;
};

declare module "fastify" {
  interface FastifyInstance {
    realtime: RealtimeBus;
    positionsJob: PositionsJob;
    /** The bookings' cut-off sweep (issue 35): tests run it by hand (`app.bookingSweep.sweep()`). */
    bookingSweep: BookingSweep;
    /** «Automático» (issue 36): the plan of the day at each cut-off; tests run it by hand (`app.dayPlanAuto.run()`). */
    dayPlanAuto: DayPlanAuto;
    /** The papers' daily digest at 07:00 (issue 37): tests run it by hand (`app.expiryDigest.run(now)`). */
    expiryDigest: ExpiryDigest;
    /** The control room's rules on the trips in progress (issue 25, decision 0052). */
    incidentMonitor: IncidentMonitor;
    /** Web Push to the riders' phones (issue 25): what the rider alerts send through. */
    push: PushSender;
    /**
     * «¿Llegó bien?» (issue 38): the sweep that asks and escalates (tests run it by hand,
     * `app.safeArrival.run(now)`) and `settled()`, when the night drops seen so far are recorded.
     */
    safeArrival: SafeArrivalSweep & Pick<SafeArrivalDrops, "settled">;
    /** The webhooks' delivery worker (issue 39): tests run it by hand (`app.webhooks.run(now)`). */
    webhooks: WebhookWorker;
    /** Reports by e-mail on a schedule (issue 39): tests run it by hand (`app.reportSchedules.run(now)`). */
    reportSchedules: ReportScheduleRunner;
  }
}

/** The whole HTTP application (API, docs, SPA) on one Fastify instance; the caller listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const trustProxy = proxyTrust(config.trustProxy);
  const serverOptions: FastifyHttpOptions<Server> = {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization"],
            // A failed query's parameters (names, e-mails…) never reach the log.
            serializers: { err: redactError },
            ...(options.logStream && { stream: options.logStream }),
          },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1_048_576,
    trustProxy,
    frameworkErrors: frameworkErrorHandler(config.corsOrigins, trustProxy),
  };
  const { tls } = config;
  // With a certificate the same port serves HTTPS (and the hub WSS): phones need a secure context.
  if (tls) serverOptions.serverFactory = (handler) => createHttpsServer(tls, handler) as unknown as Server;
  const app = Fastify(serverOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks (issue 21): the security and CORS headers go on every answer, also the 400,
  // 401 and 403 that later onRequest hooks (GMT, access control) throw before anything else runs.
  await registerSecurityHeaders(app, { mapTileUrl: config.mapTileUrl });
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    // Every method the API uses (the plugin's default is only GET, HEAD, POST: issue 12 item 10).
    methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"],
    exposedHeaders: ["content-disposition", "retry-after"],
    allowedHeaders: ["authorization", "content-type", "gmt", "x-requested-with", "x-signalr-user-agent"],
  });
  registerErrorHandler(app);
  registerControlCharacterGuard(app);

  const { db } = database;
  const realtime = options.realtime ?? createMemoryBus();
  app.decorate("realtime", realtime);
  const tokens = createTokenService(config.jwtSecret);
  const rights = createAccountRights({
    db,
    bus: realtime,
    onError: (error) => app.log.error({ err: error }, "no se pudo anunciar un cambio de permisos"),
  });
  const authenticate = createAuthenticate(tokens, rights);
  const passwordToChange = (userId: number) => mustChangePassword(db, userId);
  registerCallerTime(app);
  const attempts = options.attempts ?? createMemoryAttemptStore();
  // API keys of the company's systems (decision 0083): scopes, their own rate limit, last use.
  const apiKeyGate = createApiKeyGate({
    db,
    attempts,
    ratePerMinute: config.apiKeyRateLimitPerMinute,
    onError: (error) => app.log.error({ err: error }, "no se pudo anotar el último uso de una clave de API"),
  });
  registerAccessControl(app, authenticate, apiKeyGate);
  registerPasswordChangeGate(app, passwordToChange);
  // Every successful change written to the append-only trail before its answer (decision 0084).
  if (options.audit !== false) registerAuditTrail(app, db);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Treiber API",
        version: "1.5.0",
        description: "API del back office de transporte de colaboradores Treiber.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Off by default outside the demo (API_DOCS): the route table is no one else's business.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: "/docs" });

  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    logBodies: config.mailLog,
  });
  // Invitations an import holds until go-live (issue 33) leave on their date.
  const heldMails = createHeldMailJob({
    db,
    mailer,
    onError: (error) => app.log.error({ err: error }, "no se pudieron enviar los correos retenidos"),
  });
  const authRepository = createAuthRepository(db);
  const authLimits = options.limits ?? createAuthLimits(attempts);
  const auth = createAuthService({
    repo: authRepository,
    tokens,
    throttle: options.throttle ?? createSignInThrottle({ store: attempts }),
    limits: authLimits,
    mailer,
    onBackgroundError: (error) =>
      app.log.error({ err: error }, "no se pudo enviar el código de restablecimiento"),
    rights,
    passwordSignIn: {
      disabledRoles: config.passwordSignInDisabledRoles,
      companySignInName: config.companySignIn?.name ?? "",
    },
  });
  const signups = createSignupService({ db, mailer });
  // «Entrar con <nombre>» (issue 39, decision 0087): only when OIDC_ISSUER is set.
  const companySignIn =
    config.companySignIn &&
    createCompanySignInService({
      config: config.companySignIn,
      repo: createCompanySignInRepository(db),
      users: authRepository,
      auth,
      signups,
      limits: authLimits,
      log: app.log,
    });

  const positions = createTripPositionsService({
    db,
    realtime,
    ...(options.queuedPositions && { queued: options.queuedPositions }),
    onError: (error) => app.log.error({ err: error }, "no se pudieron guardar posiciones"),
  });

  // The branch offices' wall clock, one for the API (decision 0063).
  const branchOffices = branchOfficeTime(options.branchOfficeOffsetAt ?? serverZoneOffset);
  // `ReceiveIncident` to the admins: the monitor's and the control room's (acknowledging) changes.
  const announceIncidents = createIncidentAnnouncer(db, realtime);
  const incidentMonitor = createIncidentMonitor({
    db,
    events: realtime,
    announce: announceIncidents,
    log: app.log,
    time: branchOffices,
    ...(options.incidents?.now && { now: options.incidents.now }),
    ...(options.incidents?.tickMs && { tickMs: options.incidents.tickMs }),
  });
  for (const listener of options.incidents?.listeners ?? []) incidentMonitor.onUpdate(listener);
  app.decorate("incidentMonitor", incidentMonitor);
  const pushRepository = createPushRepository(db);
  app.decorate(
    "push",
    options.push ??
      createPushSender({
        repository: pushRepository,
        vapid: config.vapid,
        log: app.log,
        allowedPrivateHosts: config.pushAllowedPrivateHosts,
      }),
  );
  // Riders told when their bus left, is near or late (decision 0053), from the monitor's updates.
  incidentMonitor.onUpdate(createRiderAlerts({ db, realtime, push: app.push, log: app.log }).listener);
  // Night riders' drops on outbound trips, asked «¿Llegó bien?» later (decision 0082).
  const safeArrivalDrops = createSafeArrivalDrops({ db, time: branchOffices, log: app.log });
  incidentMonitor.onUpdate(safeArrivalDrops.listener);
  const safeArrivalNow = options.safeArrival?.now ?? Date.now;
  // A notice of a user's own (a rider whose route changed, issue 33) also goes to their phones.
  const notifier = createNotifier(realtime, { push: app.push, log: app.log });

  // Bookings' dates and cut-offs on the branch offices' clock (decision 0064).
  const bookings = bookingClock({
    ...(options.branchOfficeOffsetAt && { offsetAt: options.branchOfficeOffsetAt }),
    ...(options.bookings?.now && { now: options.bookings.now }),
  });

  // Reports by e-mail (decision 0086): each Excel read in-process with its creator's rights.
  const reportScheduleNow = options.reportSchedules?.now ?? Date.now;
  const reportSchedules = createReportScheduleRunner({
    db,
    app,
    tokens,
    mailer,
    time: branchOffices,
    now: reportScheduleNow,
    onError: (error) => app.log.error({ err: error }, "falló un envío programado de reporte"),
  });
  app.decorate("reportSchedules", reportSchedules);

  registerRoutes(app, {
    database,
    apiKeys: apiKeyGate,
    // The hub's: a session still to change its temporary password gets no connection.
    authenticate: withPasswordChanged(authenticate, passwordToChange),
    rights,
    mailer,
    auth,
    signups,
    ...(companySignIn && { companySignIn }),
    imports: createImportService({ db, mailer, geocoderUrl: config.geocoderUrl, heldMails }),
    notifier,
    positions,
    bookingClock: bookings,
    branchOfficeTime: branchOffices,
    documentStorage: options.documentStorage ?? createDocumentStorage(config),
    ...(config.routing && { routing: createRoadRouting(config.routing) }),
    incidents: {
      monitor: incidentMonitor,
      announce: announceIncidents,
      ...(options.incidents?.now && { now: options.incidents.now }),
    },
    push: { repository: pushRepository, publicKey: config.vapid.publicKey },
    safeArrival: { now: safeArrivalNow },
    webhooks: { allowPrivate: config.webhooks.allowPrivate },
    reportSchedules: createReportScheduleService({
      db,
      now: reportScheduleNow,
      nextRunAt: reportSchedules.nextRunAt,
    }),
    hub: { jwtSecret: config.jwtSecret, corsOrigins: config.corsOrigins, options: options.hub },
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
  });
  const positionsJob = createPositionsJob({
    db,
    retentionDays: config.positionsRetentionDays,
    onError: (error) => app.log.error({ err: error }, "falló la compactación o retención de posiciones"),
  });
  app.decorate("positionsJob", positionsJob);
  const bookingSweep = createBookingSweep({
    db,
    notifier,
    clock: bookings,
    onError: (error) => app.log.error({ err: error }, "falló el barrido del plazo de las reservas"),
  });
  app.decorate("bookingSweep", bookingSweep);
  const dayPlanAuto = createDayPlanAuto({
    db,
    notifier,
    clock: bookings,
    time: branchOffices,
    log: (message, facts) => app.log.info(facts, message),
    onError: (error) => app.log.error({ err: error }, "falló el plan del día automático"),
  });
  app.decorate("dayPlanAuto", dayPlanAuto);
  const expiryDigest = createExpiryDigest({
    db,
    mailer,
    time: branchOffices,
    log: (message, facts) => app.log.info(facts, message),
    onError: (error) => app.log.error({ err: error }, "falló el resumen de documentos por vencer"),
  });
  app.decorate("expiryDigest", expiryDigest);
  const safeArrival = createSafeArrivalSweep({
    db,
    realtime,
    push: app.push,
    announce: announceIncidents,
    now: safeArrivalNow,
    onError: (error) => app.log.error({ err: error }, "falló el barrido de llegadas seguras"),
  });
  app.decorate("safeArrival", { ...safeArrival, settled: safeArrivalDrops.settled });
  // Signed webhooks (decision 0085): the deliveries due, once across instances.
  const webhookWorker = createWebhookWorker({
    db,
    allowPrivate: config.webhooks.allowPrivate,
    timeoutMs: options.webhooks?.timeoutMs ?? config.webhooks.timeoutMs,
    ...(options.webhooks?.now && { now: options.webhooks.now }),
    onError: (error) => app.log.error({ err: error }, "falló el envío de webhooks"),
  });
  app.decorate("webhooks", webhookWorker);
  if (options.scheduleJobs) {
    webhookWorker.start();
    positionsJob.start();
    bookingSweep.start();
    dayPlanAuto.start();
    expiryDigest.start();
    incidentMonitor.start();
    heldMails.start();
    safeArrival.start();
    reportSchedules.start();
  }
  app.addHook("onClose", async () => {
    await heldMails.stop();
    await incidentMonitor.stop();
    await notifier.settled();
    await positionsJob.stop();
    await bookingSweep.stop();
    await dayPlanAuto.stop();
    await expiryDigest.stop();
    await safeArrival.stop();
    await webhookWorker.stop();
    await reportSchedules.stop();
    await positions.close();
    rights.close();
  });
  await registerSpa(app, config.webDistDir, config.fieldDistDir);

  return app;
}

/**
 * TRUST_PROXY as the function Fastify calls: a hop count trusts the nearest N proxies; a list of
 * addresses is compiled as Fastify compiles it. The framework-error answers use the same function.
 */
function proxyTrust(trustProxy: TrustProxy): ProxyTrust {
  if (trustProxy === false) return false;
  if (typeof trustProxy === "number") return (_address: string, hop: number) => hop < trustProxy;
  return proxyAddr.compile(trustProxy.split(",").map((address) => address.trim()));
}
