import { z } from "zod";
import {
  bothDatesOrNeither,
  dateRangeShape,
  filterIdSchema,
  listQuerySchema,
  listResponseSchema,
} from "./common.js";
import { INCIDENT_TYPES, type IncidentType, incidentStatusSchema, incidentTypeSchema } from "./incidents.js";

/**
 * The incidents report (issue 25, point 3): incidents of a period by supplier, driver, route and
 * type, with each supplier's on-time performance at the workplace — `GET /api/v1/Incident/report`
 * and its Excel (`REPORT_FILE_NAMES.incidents`).
 *
 * **On time** (docs/back-office.md, «Reporte de incidencias»): a finished trip of a route whose shift
 * is inbound (Entrada) has a planned arrival at the workplace, the shift's time on the local day
 * (`GMT` header) closest to the trip's start. Its arrival is the first GPS position within
 * `ARRIVAL_RADIUS_METERS` of the destination, or the trip's end when that comes first or there is
 * no such position (also once the raw positions were deleted by the retention). It is on time when
 * the arrival is no later than the planned arrival plus the branch office's `lateMinutes`
 * threshold (INCIDENT_THRESHOLD_DEFAULT_VALUES without its own). Trips without a planned arrival
 * (outbound shifts, routes without a shift, not-scheduled routes) are not in the percentage.
 */
/** A position this close to the destination (metres) counts as arrived at the workplace. */
export const ARRIVAL_RADIUS_METERS = 150;

/**
 * Local-day range (MM/DD/YYYY, both or neither: default the last REPORT_DEFAULT_DAYS_BACK days
 * through today) like the other reports; trips are the finished ones that **ended** in the range,
 * incidents those **opened** in it. `branchOfficeId` is the branch office of the route's shift.
 */
export const incidentReportQuerySchema = z
  .object({ ...dateRangeShape, branchOfficeId: filterIdSchema, supplierId: filterIdSchema })
  .superRefine(bothDatesOrNeither);
export type IncidentReportQuery = z.infer<typeof incidentReportQuerySchema>;

const count = z.number().int();

/** Incidents per type (every type present, 0 when none). */
export const incidentTypeCountsSchema = z.object(
  Object.fromEntries(INCIDENT_TYPES.map((type) => [type, count])) as Record<IncidentType, typeof count>,
);
export type IncidentTypeCounts = z.infer<typeof incidentTypeCountsSchema>;

/** What every grouping counts: trips, on-time performance and incidents. */
const figures = {
  /** Finished trips that ended in the range. */
  trips: count,
  /** Of them, trips with a planned arrival at the workplace (inbound shift). */
  tripsWithArrival: count,
  /** Of those, trips that arrived on time. */
  onTimeTrips: count,
  /** onTimeTrips ÷ tripsWithArrival × 100 (1 decimal); null when no trip has a planned arrival. */
  onTimePercent: z.number().nullable(),
  /** Incidents opened in the range. */
  incidents: count,
  byType: incidentTypeCountsSchema,
};

export const incidentReportSupplierSchema = z.object({
  /** 0: incidents without a supplier. */
  supplierId: count,
  supplierName: z.string(),
  ...figures,
});
export type IncidentReportSupplier = z.infer<typeof incidentReportSupplierSchema>;

export const incidentReportDriverSchema = z.object({
  /** 0: incidents without a driver. */
  driverId: count,
  driverName: z.string(),
  supplierName: z.string(),
  ...figures,
});
export type IncidentReportDriver = z.infer<typeof incidentReportDriverSchema>;

export const incidentReportRouteSchema = z.object({
  /** 0: trips and incidents without a scheduled route (not-scheduled routes). */
  routeId: count,
  routeName: z.string(),
  ...figures,
});
export type IncidentReportRoute = z.infer<typeof incidentReportRouteSchema>;

export const incidentReportTypeSchema = z.object({
  type: incidentTypeSchema,
  incidents: count,
  /** Distinct trips (or routes, for NOT_STARTED) with this type. */
  trips: count,
  /** Still open or acknowledged. */
  unclosed: count,
  /** Average minutes from opened to closed of the closed ones; null without any. */
  averageMinutes: z.number().nullable(),
});
export type IncidentReportType = z.infer<typeof incidentReportTypeSchema>;

export const incidentReportResponseSchema = z.object({
  /** The resolved local days (MM/DD/YYYY). */
  sinceDate: z.string(),
  untilDate: z.string(),
  /** Best on-time performance first (null last), then by name. */
  suppliers: z.array(incidentReportSupplierSchema),
  /** Most incidents first. */
  drivers: z.array(incidentReportDriverSchema),
  routes: z.array(incidentReportRouteSchema),
  /** In INCIDENT_TYPES order. */
  types: z.array(incidentReportTypeSchema),
  totals: z.object(figures),
});
export type IncidentReportResponse = z.infer<typeof incidentReportResponseSchema>;

/** One incident of a trip as its trip sheet lists it. */
export const tripIncidentSchema = z.object({
  id: count,
  type: incidentTypeSchema,
  status: incidentStatusSchema,
  /** ISO instants. */
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Full name (or e-mail) of who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * Safety incidents (issue 38): who raised the SOS or did not confirm, the outcome of a manual
   * close and who closed it (absent or null for the other types).
   */
  personName: z.string().nullable().optional(),
  outcome: z.enum(["ATTENDED", "FALSE_ALARM"]).nullable().optional(),
  closedBy: z.string().nullable().optional(),
});
export type TripIncident = z.infer<typeof tripIncidentSchema>;

/**
 * `GET Incident/report/incidents` (issue 33): the report's incidents one by one, with its filters
 * (those opened in the range, of the route's branch office, of the supplier), paged like the other
 * report lists (`amount`, `skip`; 10 by default), oldest first.
 */
export const incidentReportListQuerySchema = z
  .object({
    ...dateRangeShape,
    branchOfficeId: filterIdSchema,
    supplierId: filterIdSchema,
    amount: listQuerySchema.shape.amount,
    skip: listQuerySchema.shape.skip,
  })
  .superRefine(bothDatesOrNeither);
export type IncidentReportListQuery = z.infer<typeof incidentReportListQuerySchema>;

/** One incident of the report's list (and of its Excel sheet «Incidencias»). */
export const incidentReportItemSchema = z.object({
  id: count,
  type: incidentTypeSchema,
  status: incidentStatusSchema,
  /** Null for NOT_STARTED (the trip never existed). */
  intermediateRouteId: count.nullable(),
  /** The route's name ("" when the route is gone), and the not-scheduled route's for its trips. */
  routeName: z.string(),
  driverName: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** SKIPPED_STOP: the stop's name. */
  stopName: z.string().nullable(),
  /** ISO instants. */
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Full name (or e-mail) of who acknowledged it, when, and their note. */
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * Minutes from opened to closed (1 decimal); still unclosed, to the time of the report (`open`
   * says which).
   */
  minutesOpen: z.number(),
  open: z.boolean(),
  /**
   * Safety incidents (issue 38): who raised the SOS or did not confirm, the outcome of a manual
   * close and who closed it (absent or null for the other types).
   */
  personName: z.string().nullable().optional(),
  outcome: z.enum(["ATTENDED", "FALSE_ALARM"]).nullable().optional(),
  closedBy: z.string().nullable().optional(),
});
export type IncidentReportItem = z.infer<typeof incidentReportItemSchema>;
export const incidentReportListResponseSchema = listResponseSchema(incidentReportItemSchema);
export type IncidentReportListResponse = z.infer<typeof incidentReportListResponseSchema>;
