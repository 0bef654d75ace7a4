import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { HubOptions } from "./hub/hub-server.js";
import type { OffsetAt } from "./lib/branch-office-time.js";
import type { AttemptStore } from "./modules/auth/attempt-store.js";
import type { AuthLimits } from "./modules/auth/auth-limits.js";
import type { SignInThrottle } from "./modules/auth/sign-in-throttle.js";
import type { BookingSweep } from "./modules/bookings/booking-sweep.js";
import type { DayPlanAuto } from "./modules/day-plans/day-plan-auto.js";
import type { ExpiryDigest } from "./modules/documents/expiry-digest.js";
import type { DocumentStorage } from "./modules/documents/storage/document-storage.js";
import type { IncidentMonitor } from "./modules/incidents/incident-monitor.js";
import type { TripWatchListener } from "./modules/incidents/trip-watch.js";
import type { PushSender } from "./modules/push/push-sender.js";
import type { ReportScheduleRunner } from "./modules/report-schedules/report-schedule-runner.js";
import type { SafeArrivalDrops } from "./modules/safe-arrival/safe-arrival-drops.js";
import type { SafeArrivalSweep } from "./modules/safe-arrival/safe-arrival-sweep.js";
import type { PositionsJob } from "./modules/trip-positions/positions-job.js";
import type { QueuedPositionLimitOptions } from "./modules/trip-positions/queued-position-limit.js";
import type { WebhookWorker } from "./modules/webhooks/webhook-worker.js";
import type { RealtimeBus } from "./realtime/realtime-bus.js";

/** What `buildApp` takes (the server passes config, database and the shared stores; tests their clocks). */
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
