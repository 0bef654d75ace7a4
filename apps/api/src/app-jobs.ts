import type { FastifyInstance } from "fastify";
import type { AppOptions } from "./app-options.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { BranchOfficeTime } from "./lib/branch-office-time.js";
import type { Mailer } from "./mail/mailer.js";
import type { BookingClock } from "./modules/bookings/booking-clock.js";
import { createBookingSweep } from "./modules/bookings/booking-sweep.js";
import { createDayPlanAuto } from "./modules/day-plans/day-plan-auto.js";
import { createExpiryDigest } from "./modules/documents/expiry-digest.js";
import type { IncidentAnnouncer } from "./modules/incidents/incident-announcer.js";
import type { Notifier } from "./modules/notifications/notification-service.js";
import type { RoadRouting } from "./modules/routing/road-routing.js";
import type { SafeArrivalDrops } from "./modules/safe-arrival/safe-arrival-drops.js";
import { createSafeArrivalSweep } from "./modules/safe-arrival/safe-arrival-sweep.js";
import { createPositionsJob } from "./modules/trip-positions/positions-job.js";
import { createWebhookWorker } from "./modules/webhooks/webhook-worker.js";
import type { RealtimeBus } from "./realtime/realtime-bus.js";

/**
 * The jobs that tick on their own (positions, bookings' cut-off, «Automático», the papers' digest,
 * «¿Llegó bien?», webhooks): built and decorated on the app (tests run each by hand), started and
 * stopped together by `buildApp`.
 */
export function registerScheduledJobs(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    options: AppOptions;
    notifier: Notifier;
    mailer: Mailer;
    bookings: BookingClock;
    branchOffices: BranchOfficeTime;
    announceIncidents: IncidentAnnouncer;
    safeArrivalNow: () => number;
    safeArrivalDrops: SafeArrivalDrops;
    realtime: RealtimeBus;
    /** The road network (ROUTING_URL): «Automático» times the day on it, like a proposal. */
    routing: RoadRouting | undefined;
  },
) {
  const {
    db,
    config,
    options,
    notifier,
    mailer,
    bookings,
    branchOffices,
    announceIncidents,
    safeArrivalNow,
  } = deps;
  const { safeArrivalDrops, realtime, routing } = deps;
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
    ...(routing && { routing }),
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
  const jobs = [webhookWorker, positionsJob, bookingSweep, dayPlanAuto, expiryDigest, safeArrival];
  return {
    start: () => {
      for (const job of jobs) job.start();
    },
    stop: async () => {
      for (const job of jobs) await job.stop();
    },
  };
}
