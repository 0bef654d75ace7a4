import { z } from "zod";
import {
  apiDateSchema,
  CONTROL_CHARACTER_MESSAGE,
  datedListQuerySchema,
  filterIdSchema,
  idSchema,
  listResponseSchema,
  singleLine,
} from "./common.js";
import { cutAdjustmentSchema } from "./disputes.js";
import { incidentTypeSchema } from "./incidents.js";

/** Report page sizes (spec §9): 10, and 3 for the not-scheduled route report. */
export const REPORT_PAGE_SIZE = 10;
export const ROUTE_NOT_SCHEDULED_REPORT_PAGE_SIZE = 3;
/** Default report range: the last 6 days through today (spec §9). */
export const REPORT_DEFAULT_DAYS_BACK = 6;

/** Excel file names (spec §7, §9). */
export const REPORT_FILE_NAMES = {
  route: "ReporteRutas.xlsx",
  driver: "ReporteRutaChofer.xlsx",
  driverRouteNotScheduled: "ReporteRutaNoProgramadaChofer.xlsx",
  employee: "ReporteColaboradores.xlsx",
  branchOffice: "ReporteSucursal.xlsx",
  routeNotScheduled: "ReporteRutaNoProgramada.xlsx",
  cutGeneral: "ReporteCorteGeneral.xlsx",
  cutHeadboard: "ReporteDetalleCorte.xlsx",
  /** The incidents report (issue 25). */
  incidents: "ReporteIncidencias.xlsx",
} as const;

/** Cut generation date (spec §5): `YYYY-MM-DDTHH:mm:ss` in UTC with a `Z` suffix. */
export const CUT_DATE_PATTERN =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
export const CUT_DATE_MESSAGE = "Fecha inválida (formato YYYY-MM-DDTHH:mm:ssZ)";
export const CUT_OVERLAP_MESSAGE = "El período se solapa con un corte existente";
export const CUT_FUTURE_MESSAGE = "El corte no puede terminar en el futuro";
export const CUT_PERIOD_MESSAGE = "La fecha inicial debe ser anterior a la final";
/** Cuts tile time (issue 11): a new cut starts exactly where the last one ended. */
export const cutStartMessage = (expectedSinceDate: string) =>
  `El corte debe comenzar donde terminó el último corte: ${expectedSinceDate}`;
export const CUT_EMPTY_MESSAGE = "El período no tiene viajes finalizados para cortar";

const optionalName = z
  .string()
  .trim()
  .max(120, "Máximo 120 caracteres")
  .refine(singleLine, CONTROL_CHARACTER_MESSAGE)
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalFilterId = filterIdSchema;

/**
 * Report request (spec §3): paging, local-day range (MM/DD/YYYY, by the `GMT` header; both dates
 * or neither, default the last 6 days through today), search, and the optional trip filters. `supplierName` and
 * `routeName` match whole names (case-insensitive); `routeName` is the not-scheduled route's name
 * in the not-scheduled reports.
 */
export const reportQuerySchema = datedListQuerySchema.extend({
  supplierName: optionalName,
  routeName: optionalName,
  destinationId: optionalFilterId,
  driverId: optionalFilterId,
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const routeNotScheduledReportQuerySchema = reportQuerySchema.safeExtend({
  amount: reportQuerySchema.shape.amount.removeDefault().default(ROUTE_NOT_SCHEDULED_REPORT_PAGE_SIZE),
});

const money = z.number();
const count = z.number().int();

/** Route report row: one route and supplier over the period. */
export const routeReportItemSchema = z.object({
  routeId: z.number().int(),
  routeName: z.string(),
  destinationName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  trips: count,
  collaborators: count,
  /** Total cost of the trips (USD). */
  cost: money,
  /**
   * "Costo por colaborador": what collaborators were charged per boarding on average, the cost of
   * the trips somebody boarded ÷ the boardings (decision 0021); trips nobody boarded are left out.
   * Null without boardings.
   */
  costPerCollaborator: money
    .nullable()
    .describe(
      "Costo de los viajes con pasajeros ÷ abordajes (lo cobrado en promedio a cada colaborador); null sin abordajes",
    ),
});
export type RouteReportItem = z.infer<typeof routeReportItemSchema>;

/** Not-scheduled route report row: one finished trip of a not-scheduled route. */
export const routeNotScheduledReportItemSchema = z.object({
  intermediateRouteId: z.number().int(),
  routeNotScheduledId: z.number().int(),
  name: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  destinationName: z.string().nullable(),
  driverId: z.number().int(),
  driverName: z.string(),
  supplierName: z.string(),
  collaborators: count,
  cost: money,
  costPerCollaborator: money.nullable(),
});
export type RouteNotScheduledReportItem = z.infer<typeof routeNotScheduledReportItemSchema>;

export const driverReportItemSchema = z.object({
  driverId: z.number().int(),
  driverName: z.string(),
  name: z.string(),
  lastname: z.string(),
  identityCard: z.string(),
  supplierName: z.string(),
  trips: count,
  collaborators: count,
  cost: money,
});
export type DriverReportItem = z.infer<typeof driverReportItemSchema>;

export const employeeReportItemSchema = z.object({
  employeeId: z.number().int(),
  codeEmployee: z.string(),
  name: z.string(),
  lastname: z.string(),
  department: z.string().nullable(),
  branchOfficeName: z.string().nullable(),
  /** Trips boarded in the period. */
  trips: count,
  /** Services canceled in the period. */
  canceledServices: count,
  /** Sum of this collaborator's share of each trip's cost. */
  cost: money,
  /**
   * «Ausente» at the stop (bookings, issue 35) on service dates of the period, narrowed by the
   * report's route filters; on the collaborator's first row only (a change of branch office splits a
   * collaborator in rows).
   */
  noShows: count,
  /** NO_SHOW_FLAG_COUNT (3) or more no-shows on any route in the NO_SHOW_FLAG_DAYS (30) days up to `untilDate`. */
  flagged: z.boolean(),
});
export type EmployeeReportItem = z.infer<typeof employeeReportItemSchema>;

export const branchOfficeReportItemSchema = z.object({
  /** 0: collaborators without a branch office ('Sin sucursal'). */
  branchOfficeId: z.number().int(),
  name: z.string(),
  collaborators: count,
  trips: count,
  cost: money,
});
export type BranchOfficeReportItem = z.infer<typeof branchOfficeReportItemSchema>;

const reportResponse = <T extends z.ZodType, E extends z.ZodRawShape>(item: T, extra: E) =>
  z.object({
    /** Rows matching (all pages). */
    amount: count,
    data: z.object({ total: money, items: z.array(item), ...extra }),
  });

export const routeReportResponseSchema = reportResponse(routeReportItemSchema, { amountCollaborator: count });
export type RouteReportResponse = z.infer<typeof routeReportResponseSchema>;
export const routeNotScheduledReportResponseSchema = reportResponse(routeNotScheduledReportItemSchema, {
  amountCollaborator: count,
});
export type RouteNotScheduledReportResponse = z.infer<typeof routeNotScheduledReportResponseSchema>;
export const driverReportResponseSchema = reportResponse(driverReportItemSchema, {
  amountCollaborators: count,
});
export type DriverReportResponse = z.infer<typeof driverReportResponseSchema>;
export const employeeReportResponseSchema = reportResponse(employeeReportItemSchema, {
  amountCollaborators: count,
});
export type EmployeeReportResponse = z.infer<typeof employeeReportResponseSchema>;
export const branchOfficeReportResponseSchema = reportResponse(branchOfficeReportItemSchema, {
  amountCollaborators: count,
});
export type BranchOfficeReportResponse = z.infer<typeof branchOfficeReportResponseSchema>;

// ---------- Cuts ----------

export const cutDateSchema = z
  .string({ message: CUT_DATE_MESSAGE })
  .regex(CUT_DATE_PATTERN, CUT_DATE_MESSAGE);

export const cutCreateRequestSchema = z.object({ sinceDate: cutDateSchema, untilDate: cutDateSchema });
export type CutCreateRequest = z.infer<typeof cutCreateRequestSchema>;

export const cutCreatedResponseSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  sinceDate: z.string(),
  untilDate: z.string(),
  trips: count,
  collaborators: count,
  total: money,
});
export type CutCreatedResponse = z.infer<typeof cutCreatedResponseSchema>;

/**
 * Cut lists (spec §3: sinceDate, untilDate, amount, skip, criterion): trips already cut whose
 * end falls in the range, as frozen in their cut. Dates (both or neither) as MM/DD/YYYY (local days) or
 * YYYY-MM-DDTHH:mm:ssZ (instants); `cutId` narrows to one cut.
 */
export const cutListQuerySchema = datedListQuerySchema.safeExtend({
  sinceDate: z.union([apiDateSchema, cutDateSchema], { message: "Fecha inválida" }).optional(),
  untilDate: z.union([apiDateSchema, cutDateSchema], { message: "Fecha inválida" }).optional(),
  cutId: idSchema.optional(),
  supplierName: optionalName,
});
export type CutListQuery = z.infer<typeof cutListQuerySchema>;

export const cutGeneralItemSchema = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  trips: count,
  collaborators: count,
  total: money,
});
export type CutGeneralItem = z.infer<typeof cutGeneralItemSchema>;

export const cutHeadboardItemSchema = z.object({
  intermediateRouteId: z.number().int(),
  cutId: z.number().int(),
  startedAt: z.string(),
  /** The trip's end (a trip belongs to the cut whose period contains its end). */
  endedAt: z.string(),
  /** Planned departure (the route's departure time, or the not-scheduled route's date), if any. */
  plannedDepartureAt: z.string().nullable(),
  /** Actual start minus planned departure, in minutes (negative: early); null without a plan. */
  minutesLate: z.number().int().nullable(),
  /** Kilometres driven, from the trip's GPS positions. */
  km: z.number(),
  /** Riders boarded by hand (manual boarding with a reason) rather than by QR. */
  manualBoardings: count,
  vehicle: z.string().nullable(),
  destinationName: z.string().nullable(),
  routeName: z.string(),
  /** `scheduled` (Route) or `notScheduled` (RouteNotScheduled). */
  kind: z.enum(["scheduled", "notScheduled"]),
  driverName: z.string(),
  supplierName: z.string(),
  collaborators: count,
  cost: money,
  /** The trip's incidents (issue 25), as they are now (not frozen in the cut). */
  incidents: count,
  /** Their types, each once, in INCIDENT_TYPES order. */
  incidentTypes: z.array(incidentTypeSchema),
});
export type CutHeadboardItem = z.infer<typeof cutHeadboardItemSchema>;

/**
 * Of one cut (`cutId`, issue 37): its adjustment lines (accepted disputes of earlier cuts, paid in
 * this one; their sum is `adjustmentsTotal`, outside `total`, which sums the trip rows) and how many
 * disputes of its trips are still open. Optional: absent from reports over a date range.
 */
const cutDisputesShape = {
  adjustments: z.array(cutAdjustmentSchema).optional(),
  adjustmentsTotal: money.optional(),
  openDisputes: count.optional(),
};

export const cutGeneralResponseSchema = reportResponse(cutGeneralItemSchema, {
  amountTrips: count,
  amountCollaborators: count,
  ...cutDisputesShape,
});
export type CutGeneralResponse = z.infer<typeof cutGeneralResponseSchema>;
export const cutHeadboardResponseSchema = reportResponse(cutHeadboardItemSchema, {
  amountCollaborators: count,
});
export type CutHeadboardResponse = z.infer<typeof cutHeadboardResponseSchema>;

/**
 * The list of cuts (`GET /api/v1/Cut/list`): paging and, optionally, local days (both or neither)
 * that a cut's period must touch. Newest first.
 */
export const cutRecordListQuerySchema = datedListQuerySchema;
export type CutRecordListQuery = z.infer<typeof cutRecordListQuerySchema>;

/** A cut as a fixed record: its period `[sinceDate, untilDate)` (UTC, `Z`), who made it and when, its totals. */
export const cutRecordSchema = z.object({
  id: z.number().int(),
  sinceDate: z.string(),
  untilDate: z.string(),
  createdAt: z.string(),
  /** Name of the user who made the cut. */
  createdBy: z.string(),
  trips: count,
  collaborators: count,
  /** The trips' cost plus the cut's adjustment lines (issue 37). */
  total: money,
  /** Open disputes on the cut's trips (issue 37). */
  openDisputes: count.optional(),
  /** `GET Cut/{id}` only: the cut's adjustment lines and their sum (included in `total`). */
  adjustments: z.array(cutAdjustmentSchema).optional(),
  adjustmentsTotal: money.optional(),
});
export type CutRecord = z.infer<typeof cutRecordSchema>;
/** `GET /api/v1/Cut/{id}`: one cut as a record. */
export const cutIdParamsSchema = z.object({ id: idSchema });
export const cutRecordListResponseSchema = listResponseSchema(cutRecordSchema);
export type CutRecordListResponse = z.infer<typeof cutRecordListResponseSchema>;

/**
 * The billing invariant, checked (`GET /api/v1/Cut/check`): finished trips that ended inside a cut's
 * period but are in no cut, and trips counted in two cuts (or outside their cut's period).
 * Both are 0 when billing is sound. `lastUntilDate` is where the next cut must start (null: no cut yet).
 */
export const cutCheckResponseSchema = z.object({
  uncutFinishedTrips: count,
  tripsInTwoCuts: count,
  lastUntilDate: z.string().nullable(),
});
export type CutCheckResponse = z.infer<typeof cutCheckResponseSchema>;

// ---------- Statistics ----------

export const statsQuerySchema = z.object({
  sinceDate: apiDateSchema.optional(),
  untilDate: apiDateSchema.optional(),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/**
 * Finished trips that ended in the range and their services (what the reports count); trips
 * started in the range and still in progress apart, in `amountInProgress`.
 */
export const serviceStatsResponseSchema = z.object({
  /** Trips of scheduled routes. */
  amountIntermediateRoute: count,
  /** Trips of not-scheduled routes. */
  amountNotScheduleServices: count,
  /** Boardings (QR scans). */
  amountEmployeeService: count,
  /** Canceled services. */
  amountEmployeeCanceledService: count,
  /** Trips started in the range and still in progress (not counted above; billed once they end). */
  amountInProgress: count,
});
export type ServiceStatsResponse = z.infer<typeof serviceStatsResponseSchema>;

/** Cost (USD) of the finished trips of each supplier in the range; same total as the reports. */
export const supplierStatsItemSchema = z.object({
  supplierId: z.number().int(),
  name: z.string(),
  amount: money,
  trips: count,
});
export type SupplierStatsItem = z.infer<typeof supplierStatsItemSchema>;
export const supplierStatsResponseSchema = z.array(supplierStatsItemSchema);
export type SupplierStatsResponse = z.infer<typeof supplierStatsResponseSchema>;

export const employeeStatsDaySchema = z.object({
  /** Local day `YYYY-MM-DD` in the caller's time zone. */
  date: z.string(),
  services: count,
  canceled: count,
});
export type EmployeeStatsDay = z.infer<typeof employeeStatsDaySchema>;
export const employeeStatsResponseSchema = z.object({
  /** Active collaborators. */
  amountEmployees: count,
  /** Distinct collaborators who boarded a trip finished in the range. */
  amountEmployeesServed: count,
  amountEmployeeService: count,
  amountEmployeeCanceledService: count,
  days: z.array(employeeStatsDaySchema),
});
export type EmployeeStatsResponse = z.infer<typeof employeeStatsResponseSchema>;
