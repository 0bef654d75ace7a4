import type { Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import fastifyCors from "@fastify/cors";
import proxyAddr from "@fastify/proxy-addr";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerScheduledJobs } from "./app-jobs.js";
import type { AppOptions } from "./app-options.js";
import type { TrustProxy } from "./config.js";
import { branchOfficeTime, serverZoneOffset } from "./lib/branch-office-time.js";
import { redactError } from "./lib/redact-error.js";
import { createHeldMailJob } from "./mail/held-mail-job.js";
import { createMailer } from "./mail/mailer.js";
import { mustChangePassword } from "./modules/accounts/account-repository.js";
import { createAccountRights } from "./modules/accounts/account-rights.js";
import { createApiKeyGate } from "./modules/api-keys/api-key-gate.js";
import { insertAuditEntry } from "./modules/audit/audit-repository.js";
import { registerAuditTrail } from "./modules/audit/audit-trail.js";
import { createMemoryAttemptStore } from "./modules/auth/attempt-store.js";
import { createAuthLimits } from "./modules/auth/auth-limits.js";
import { createAuthRepository } from "./modules/auth/auth-repository.js";
import { createAuthService } from "./modules/auth/auth-service.js";
import { createSignInThrottle } from "./modules/auth/sign-in-throttle.js";
import { createSignupService } from "./modules/auth/signup-service.js";
import { createTokenService } from "./modules/auth/token-service.js";
import { bookingClock } from "./modules/bookings/booking-clock.js";
import { createCompanySignInRepository } from "./modules/company-sign-in/company-sign-in-repository.js";
import { createCompanySignInService } from "./modules/company-sign-in/company-sign-in-service.js";
import { createDocumentStorage } from "./modules/documents/storage/create-document-storage.js";
import { createImportService } from "./modules/imports/import-service.js";
import { createIncidentAnnouncer } from "./modules/incidents/incident-announcer.js";
import { createIncidentMonitor } from "./modules/incidents/incident-monitor.js";
import { createNotifier } from "./modules/notifications/notification-service.js";
import { createPushRepository } from "./modules/push/push-repository.js";
import { createPushSender } from "./modules/push/push-sender.js";
import { createReportScheduleRunner } from "./modules/report-schedules/report-schedule-runner.js";
import { createReportScheduleService } from "./modules/report-schedules/report-schedule-service.js";
import { createRiderAlerts } from "./modules/rider-alerts/rider-alerts.js";
import { createRoadRouting } from "./modules/routing/road-routing.js";
import { createSafeArrivalDrops } from "./modules/safe-arrival/safe-arrival-drops.js";
import { createTripPositionsService } from "./modules/trip-positions/trip-positions-service.js";
import { createAuthenticate, registerAccessControl } from "./plugins/access.js";
import { registerCallerTime } from "./plugins/caller-time.js";
import { registerControlCharacterGuard } from "./plugins/control-characters.js";
import { registerErrorHandler } from "./plugins/error-handler.js";
import { frameworkErrorHandler, type ProxyTrust } from "./plugins/framework-errors.js";
import { registerPasswordChangeGate, withPasswordChanged } from "./plugins/password-change-gate.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerSpa } from "./plugins/spa.js";
import { createMemoryBus } from "./realtime/realtime-bus.js";
import { registerRoutes } from "./routes.js";

z.config(z.locales.es());

export type { AppOptions } from "./app-options.js";

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
      // An account created at its first sign-in goes in the audit trail like a sign-up (decision 0084).
      onAccountCreated: ({ userId, employeeId, email, ip }) =>
        insertAuditEntry(db, {
          userId,
          apiKeyId: null,
          entity: "Employee",
          entityId: String(employeeId),
          action: "companySignIn",
          before: null,
          body: {
            email,
            role: "Collaborator",
            branchOfficeId: config.companySignIn?.autoCreateBranchOfficeId,
          },
          ip,
        }),
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
  // The road network (ROUTING_URL, issue 36): one client for proposals and «Automático».
  const routing = config.routing ? createRoadRouting(config.routing) : undefined;
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
    ...(routing && { routing }),
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
  // The jobs that run on their own (decision 0033): each decorates the app so tests run it by hand.
  const jobs = registerScheduledJobs(app, {
    db,
    config,
    options,
    notifier,
    mailer,
    bookings,
    branchOffices,
    announceIncidents,
    safeArrivalNow,
    safeArrivalDrops,
    realtime,
    routing,
  });
  if (options.scheduleJobs) {
    jobs.start();
    incidentMonitor.start();
    heldMails.start();
    reportSchedules.start();
  }
  app.addHook("onClose", async () => {
    await heldMails.stop();
    await incidentMonitor.stop();
    await notifier.settled();
    await jobs.stop();
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
