import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client.js";
import { createHubMethods } from "./hub/hub-methods.js";
import { type HubOptions, registerHub } from "./hub/hub-server.js";
import type { BranchOfficeTime } from "./lib/branch-office-time.js";
import type { Mailer } from "./mail/mailer.js";
import type { AccountRights } from "./modules/accounts/account-rights.js";
import { registerApiKeyRoutes } from "./modules/api-keys/api-key-routes.js";
import { createApiKeyService } from "./modules/api-keys/api-key-service.js";
import { registerAuditRoutes } from "./modules/audit/audit-routes.js";
import { registerAuthRoutes } from "./modules/auth/auth-routes.js";
import type { AuthService } from "./modules/auth/auth-service.js";
import type { SignupService } from "./modules/auth/signup-service.js";
import { rebalanceWaitlists } from "./modules/bookings/booking-assignments.js";
import type { BookingClock } from "./modules/bookings/booking-clock.js";
import { registerBookingReportRoutes } from "./modules/bookings/booking-report-routes.js";
import { registerBookingRoutes } from "./modules/bookings/bookings-routes.js";
import { createBookingsService } from "./modules/bookings/bookings-service.js";
import { createNoShowService } from "./modules/bookings/no-show-service.js";
import { tripSeatCheck } from "./modules/bookings/seat-holder.js";
import { registerBranchOfficeRoutes } from "./modules/branch-offices/branch-office-routes.js";
import { createBranchOfficeService } from "./modules/branch-offices/branch-office-service.js";
import { registerCompanySignInRoutes } from "./modules/company-sign-in/company-sign-in-routes.js";
import type { CompanySignInService } from "./modules/company-sign-in/company-sign-in-service.js";
import { registerCutRoutes } from "./modules/cuts/cut-routes.js";
import { createCutService } from "./modules/cuts/cut-service.js";
import { registerDayPlanRoutes } from "./modules/day-plans/day-plans-routes.js";
import { createDayPlansService } from "./modules/day-plans/day-plans-service.js";
import { dayPlanRoutesOf, dayPlanRoutesOn } from "./modules/day-plans/day-version.js";
import { registerDayRoutes } from "./modules/days/day-routes.js";
import { registerDestinationRoutes } from "./modules/destinations/destination-routes.js";
import { createDestinationService } from "./modules/destinations/destination-service.js";
import { registerDisputeRoutes } from "./modules/disputes/dispute-routes.js";
import { createDisputeService } from "./modules/disputes/dispute-service.js";
import { registerComplianceRoutes } from "./modules/documents/compliance-routes.js";
import { registerDocumentRoutes } from "./modules/documents/document-routes.js";
import { createDocumentService } from "./modules/documents/document-service.js";
import type { DocumentStorage } from "./modules/documents/storage/document-storage.js";
import { registerDriverRoutes } from "./modules/drivers/driver-routes.js";
import { registerEmployeeRoutes } from "./modules/employees/employee-routes.js";
import { registerFieldAppRoutes } from "./modules/field-app/field-app-routes.js";
import { createFieldAppService } from "./modules/field-app/field-app-service.js";
import { registerFieldBatchRoutes } from "./modules/field-batch/field-batch-routes.js";
import { registerHealthRoutes } from "./modules/health/health-routes.js";
import { registerImportRoutes } from "./modules/imports/import-routes.js";
import { type ImportService, withSeatPromotion } from "./modules/imports/import-service.js";
import { registerIncidentReportRoutes } from "./modules/incident-report/incident-report-routes.js";
import type { IncidentAnnouncer } from "./modules/incidents/incident-announcer.js";
import type { IncidentMonitor } from "./modules/incidents/incident-monitor.js";
import { registerIncidentRoutes } from "./modules/incidents/incident-routes.js";
import { createIncidentService } from "./modules/incidents/incident-service.js";
import { registerIntermediateRoutesRoutes } from "./modules/intermediate-routes/intermediate-routes-routes.js";
import { createIntermediateRoutesService } from "./modules/intermediate-routes/intermediate-routes-service.js";
import { registerNotificationRoutes } from "./modules/notifications/notification-routes.js";
import type { Notifier } from "./modules/notifications/notification-service.js";
import { registerPlanningRoutes } from "./modules/planning/planning-routes.js";
import { createPlanningService } from "./modules/planning/planning-service.js";
import { pricePlannedRoutes } from "./modules/planning/price-planned-routes.js";
import { registerProfileImageRoutes } from "./modules/profile-images/profile-image-routes.js";
import type { PushRepository } from "./modules/push/push-repository.js";
import { registerPushRoutes } from "./modules/push/push-routes.js";
import { registerReportScheduleRoutes } from "./modules/report-schedules/report-schedule-routes.js";
import type { ReportScheduleService } from "./modules/report-schedules/report-schedule-service.js";
import { registerReportRoutes } from "./modules/reports/reports-routes.js";
import { registerRouteAssignmentRoutes } from "./modules/route-assignments/route-assignments-routes.js";
import { createRouteAssignmentsService } from "./modules/route-assignments/route-assignments-service.js";
import { registerRouteStopsRoutes } from "./modules/route-stops/route-stops-routes.js";
import { createRouteStopsService } from "./modules/route-stops/route-stops-service.js";
import { registerRoutesRoutes } from "./modules/routes/routes-routes.js";
import { createRoutesService } from "./modules/routes/routes-service.js";
import { registerRoutesNotScheduledRoutes } from "./modules/routes-not-scheduled/routes-not-scheduled-routes.js";
import { createRoutesNotScheduledService } from "./modules/routes-not-scheduled/routes-not-scheduled-service.js";
import type { RoadRouting } from "./modules/routing/road-routing.js";
import { registerSafeArrivalRoutes } from "./modules/safe-arrival/safe-arrival-routes.js";
import { createSafeArrivalService } from "./modules/safe-arrival/safe-arrival-service.js";
import { registerEmissionFactorRoutes } from "./modules/savings/emission-factors-routes.js";
import { registerSavingsReportRoutes } from "./modules/savings/savings-report-routes.js";
import { registerShiftRoutes } from "./modules/shifts/shifts-routes.js";
import { createShiftsService } from "./modules/shifts/shifts-service.js";
import { registerSosRoutes } from "./modules/sos/sos-routes.js";
import { createSosService } from "./modules/sos/sos-service.js";
import { registerStatsRoutes } from "./modules/stats/stats-routes.js";
import { createStatsService } from "./modules/stats/stats-service.js";
import { createSupplierScope } from "./modules/supplier-portal/supplier-scope.js";
import { supplierStatusRights } from "./modules/supplier-portal/supplier-status-rights.js";
import { registerSupplierRoutes } from "./modules/suppliers/supplier-routes.js";
import { createSupplierService } from "./modules/suppliers/supplier-service.js";
import { registerTransportServicesRoutes } from "./modules/transport-services/transport-services-routes.js";
import { createTransportServicesService } from "./modules/transport-services/transport-services-service.js";
import { registerTripPositionRoutes } from "./modules/trip-positions/trip-positions-routes.js";
import type { TripPositionsService } from "./modules/trip-positions/trip-positions-service.js";
import { registerTripShareRoutes } from "./modules/trip-share/trip-share-routes.js";
import { createTripShareService } from "./modules/trip-share/trip-share-service.js";
import { registerTripSheetRoutes } from "./modules/trip-sheet/trip-sheet-routes.js";
import { createTripSheetService } from "./modules/trip-sheet/trip-sheet-service.js";
import { registerUserRoutes } from "./modules/users/user-routes.js";
import { registerWebhookRoutes } from "./modules/webhooks/webhook-routes.js";
import { createWebhookService } from "./modules/webhooks/webhook-service.js";
import type { Authenticate } from "./plugins/access.js";
import { createDomainEventPublisher } from "./realtime/domain-events.js";

/** The services `app.ts` builds once and shares between modules (and with the hub). */
export type SharedServices = {
  database: Database;
  /** API keys' gate (decision 0083): a revoked key is forgotten at once on this instance. */
  apiKeys: { forget(id: number): void };
  /** Bearer token → caller whose rights still hold (the access hook's check, shared with the hub). */
  authenticate: Authenticate;
  rights: AccountRights;
  /** The outbox mailer (a changed sign-in e-mail tells the old address). */
  mailer: Mailer;
  auth: AuthService;
  signups: SignupService;
  /** «Entrar con <nombre>»: sign-in with the company account (issue 39); undefined when off. */
  companySignIn?: CompanySignInService;
  /** Collaborators and drivers from a spreadsheet (issue 24). */
  imports: ImportService;
  notifier: Notifier;
  positions: TripPositionsService;
  /** Bookings' clock: the branch offices' dates and cut-offs (issue 35). */
  bookingClock: BookingClock;
  /** The branch offices' wall clock (decision 0063): shift times, service days, the peak hours. */
  branchOfficeTime: BranchOfficeTime;
  /** Where documents' files are kept (issue 37): DATA_DIR/documents or S3-compatible storage. */
  documentStorage: DocumentStorage;
  /** The road network the planner times with (ROUTING_URL, issue 36); undefined: the model. */
  routing?: RoadRouting;
  /** The control room's monitor (and, for tests, its clock). */
  incidents: {
    monitor: IncidentMonitor;
    announce: IncidentAnnouncer;
    now?: () => number;
  };
  /** Treiber App's Web Push subscriptions and the server's VAPID public key. */
  push: { repository: PushRepository; publicKey: string };
  /** Safe arrival at night (issue 38): the clock of the answers (tests drive it). */
  safeArrival: { now: () => number };
  /** Signed webhooks (issue 39): WEBHOOK_ALLOW_PRIVATE. */
  webhooks: { allowPrivate: boolean };
  /** Reports by e-mail on a schedule (issue 39). */
  reportSchedules: ReportScheduleService;
  hub: { jwtSecret: string; corsOrigins: string[]; options?: HubOptions };
  /** PUBLIC_URL: the origin of shared-trip links (else the request's). */
  publicUrl?: string;
};

/**
 * The one place every API module and the hub are registered, grouped by area. Each module keeps
 * its own `registerXRoutes`; nothing registers routes from inside another module or from `hub/`.
 */
export function registerRoutes(app: FastifyInstance, services: SharedServices) {
  const { database, notifier, positions, rights } = services;
  const { db } = database;
  // What happened (a trip started, a rider boarded…), told to every instance (the incident monitor).
  const domainEvents = createDomainEventPublisher(app.realtime);

  registerHealthRoutes(app, database);
  registerAuthRoutes(app, services.auth, services.signups);
  registerCompanySignInRoutes(app, services.companySignIn, services.publicUrl);
  // «Claves de API» (issue 39): keys of the company's systems, SuperAdmin with a session.
  registerApiKeyRoutes(app, createApiKeyService({ db, onRevoked: services.apiKeys.forget }));
  registerNotificationRoutes(app, db);

  // People: employees, drivers, users and their profile images.
  registerEmployeeRoutes(app, db, rights, services.mailer);
  // A route's seats growing (its own or a vehicle's) promotes its waitlists (issue 35).
  const seats = {
    seatsGrew: (routeIds: number[]) => rebalanceWaitlists(db, notifier, routeIds, services.bookingClock),
  };
  // A rider with a seat booked on another route, or seated there by the plan of the day (issue 36),
  // views that trip («Mi bus») as its own riders do.
  const tripSeats = tripSeatCheck(services.bookingClock, dayPlanRoutesOf);
  registerDriverRoutes(app, db, rights, services.mailer, seats);
  registerUserRoutes(app, db, rights);
  registerProfileImageRoutes(app, db);
  registerImportRoutes(app, withSeatPromotion(services.imports, db, seats));

  // Route planning: shifts, routes and their stops, route assignments, unscheduled routes.
  registerShiftRoutes(app, createShiftsService(db));
  registerRoutesRoutes(app, createRoutesService(db, seats));
  registerRouteStopsRoutes(app, createRouteStopsService(db));
  registerRouteAssignmentRoutes(
    app,
    createRouteAssignmentsService(db, notifier, { clock: services.bookingClock, seats }),
  );
  registerRoutesNotScheduledRoutes(app, createRoutesNotScheduledService(db));
  // Planificación: the planner proposes a shift's routes; applying writes them (issue 23).
  registerPlanningRoutes(
    app,
    createPlanningService(db, notifier, services.branchOfficeTime, services.bookingClock, services.routing),
  );

  // The plan of the day: one date planned for who rides it (issue 36).
  const dayPlanDeps = {
    db,
    clock: services.bookingClock,
    time: services.branchOfficeTime,
    routing: services.routing,
  };
  registerDayPlanRoutes(app, createDayPlansService(dayPlanDeps, notifier));
  // «Reporte Ahorro» and «Factores de emisión» (issue 36): what the plans of the day saved.
  registerSavingsReportRoutes(app, db, services.bookingClock);
  registerEmissionFactorRoutes(app, db);

  // Catalog: branch offices, suppliers, destinations, days.
  registerBranchOfficeRoutes(app, createBranchOfficeService(db));
  registerSupplierRoutes(
    app,
    createSupplierService(
      db,
      (tx, supplierId, rate) => pricePlannedRoutes(tx, supplierId, rate, services.branchOfficeTime),
      supplierStatusRights(db, rights),
    ),
    createSupplierScope(db),
  );
  registerDestinationRoutes(app, createDestinationService(db));
  registerDayRoutes(app, db);

  // Live operations: trips (IntermediateRoute) and boardings (TransportService).
  registerIntermediateRoutesRoutes(
    app,
    createIntermediateRoutesService(db, app.realtime, notifier, services.branchOfficeTime, tripSeats),
  );
  registerTransportServicesRoutes(
    app,
    createTransportServicesService(db, notifier, domainEvents, services.bookingClock),
  );
  // Treiber App screens: the driver's "Hoy" and the collaborator's "Mis rutas".
  registerFieldAppRoutes(app, createFieldAppService(db, services.bookingClock));
  // Bookings (issue 35): «Mis viajes», the cut-off, seats and waitlist, the manifest, no-shows.
  registerBookingRoutes(app, {
    service: createBookingsService({ db, notifier, clock: services.bookingClock, days: dayPlanRoutesOn }),
    noShows: createNoShowService({ db, notifier, clock: services.bookingClock }),
  });
  // Treiber App's outbox: the actions queued during an outage, in one request.
  registerFieldBatchRoutes(app);
  // «Cumplimiento» (issue 37): papers expiring or expired, by supplier.
  registerComplianceRoutes(app, db, services.branchOfficeTime);
  // Papers that expire (issue 37): upload, list with status on the branch offices' today, review, file.
  registerDocumentRoutes(app, {
    service: createDocumentService({
      db,
      storage: services.documentStorage,
      today: services.bookingClock.today,
      onOrphan: (key, error) => app.log.error({ err: error, key }, "archivo de documento sin fila"),
    }),
    scope: createSupplierScope(db),
  });

  // Reporting: reports, billing cuts, their Excel exports and the dashboard statistics.
  registerBookingReportRoutes(app, db, services.bookingClock);
  registerReportRoutes(app, db);
  registerReportScheduleRoutes(app, services.reportSchedules);
  registerCutRoutes(app, createCutService(db), createSupplierScope(db));
  // Disputes on a cut's lines (issue 37): accepted ones are paid as adjustments of the next cut.
  registerDisputeRoutes(app, createDisputeService(db, notifier), createSupplierScope(db));
  registerStatsRoutes(app, createStatsService(db));
  // The control room's report (issue 25): incidents and on-time performance per period.
  registerIncidentReportRoutes(app, db);
  // The evidence of one billed trip (trip sheet).
  registerTripSheetRoutes(app, createTripSheetService(db), createSupplierScope(db));

  // The control room (issue 25): incidents against the plan, raised by the monitor app.ts built.
  registerIncidentRoutes(
    app,
    createIncidentService({
      db,
      monitor: services.incidents.monitor,
      announce: services.incidents.announce,
      time: services.branchOfficeTime,
      events: domainEvents,
      ...(services.incidents.now && { now: services.incidents.now }),
    }),
  );

  // «Compartir mi viaje» (issue 38, decision 0081): a link for people without an account.
  const tripShares = createTripShareService({
    db,
    seats: tripSeats,
    time: services.branchOfficeTime,
    ...(services.incidents.now && { now: services.incidents.now }),
  });
  registerTripShareRoutes(app, tripShares, services.publicUrl);

  // SOS from Treiber App (issue 38, decision 0080): an incident announced at once, then pushed and mailed.
  registerSosRoutes(
    app,
    createSosService({
      db,
      announce: services.incidents.announce,
      realtime: app.realtime,
      push: app.push,
      mailer: services.mailer,
      time: services.branchOfficeTime,
      log: app.log,
      ridesRunningTrip: tripShares.ridesRunningTrip,
      ...(services.incidents.now && { now: services.incidents.now }),
    }),
  );

  // Realtime: the REST position route and the hub at `/server`, sharing one positions service.
  registerTripPositionRoutes(app, positions);
  // Riders' «Avisos de mi bus»: the phone's Web Push subscription (issue 25).
  registerPushRoutes(app, services.push.repository, services.push.publicKey);
  // «¿Llegó bien?» after a night drop (issue 38): the rider's prompt and «Sí», and its report.
  registerSafeArrivalRoutes(app, createSafeArrivalService({ db, now: services.safeArrival.now }));
  // «Auditoría» (issue 39, decision 0084): the trail of changes, read by a SuperAdmin.
  registerAuditRoutes(app, db, services.branchOfficeTime);
  // Signed webhooks (issue 39, decision 0085): receivers, their delivery log and replays.
  registerWebhookRoutes(app, createWebhookService({ db, allowPrivate: services.webhooks.allowPrivate }));
  registerHub(app, {
    authenticate: services.authenticate,
    rights,
    realtime: app.realtime,
    methods: createHubMethods({ db, positions, seats: tripSeats }),
    jwtSecret: services.hub.jwtSecret,
    corsOrigins: services.hub.corsOrigins,
    options: services.hub.options,
  });
}
