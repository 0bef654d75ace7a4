import { z } from "zod";
import { isBookingDate } from "./bookings.js";
import { API_DATE_PATTERN, apiDateYearInRange, filterIdSchema, listQuerySchema } from "./common.js";
import { reportQuerySchema } from "./reporting.js";

/**
 * «Reporte Reservas» (issue 35): demand against seats per route and service day, late
 * cancellations, and the no-show rate per collaborator and route, with its Excel file. Filters as
 * the other reports (paging, `criterion`, `sinceDate`/`untilDate`, `routeName`, `destinationId`,
 * `supplierName`, `driverId`) plus `branchOfficeId`, `shiftId` and `routeId`. The dates are
 * service dates, local to the branch office: `YYYY-MM-DD` or the reports' `MM/DD/YYYY`.
 */

export const BOOKING_REPORT_FILE_NAME = "ReporteReservas.xlsx";
export const BOOKING_REPORT_VIEWS = ["days", "collaborators"] as const;
export type BookingReportView = (typeof BOOKING_REPORT_VIEWS)[number];
export const BOOKING_REPORT_VIEW_LABELS: Record<BookingReportView, string> = {
  days: "Demanda por ruta y día",
  collaborators: "Ausencias por colaborador y ruta",
};
export const BOOKING_REPORT_DATE_MESSAGE = "Fecha inválida (formato YYYY-MM-DD o MM/DD/YYYY)";
export const BOOKING_REPORT_RANGE_MAX_DAYS = 366;
export const BOOKING_REPORT_RANGE_MESSAGE = `El reporte abarca como máximo ${BOOKING_REPORT_RANGE_MAX_DAYS} días`;

/** `YYYY-MM-DD` or `MM/DD/YYYY`, read as `YYYY-MM-DD`. */
export const bookingReportDateSchema = z
  .string({ message: BOOKING_REPORT_DATE_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    if (API_DATE_PATTERN.test(value) && apiDateYearInRange(value)) {
      const [month, day, year] = value.split("/");
      const iso = `${year}-${month}-${day}`;
      if (isBookingDate(iso)) return iso;
    } else if (isBookingDate(value)) {
      return value;
    }
    ctx.addIssue({ code: "custom", message: BOOKING_REPORT_DATE_MESSAGE });
    return z.NEVER;
  });

export const bookingReportQuerySchema = listQuerySchema
  .extend({
    sinceDate: bookingReportDateSchema.optional(),
    untilDate: bookingReportDateSchema.optional(),
    supplierName: reportQuerySchema.shape.supplierName,
    routeName: reportQuerySchema.shape.routeName,
    destinationId: filterIdSchema,
    driverId: filterIdSchema,
    branchOfficeId: filterIdSchema,
    shiftId: filterIdSchema,
    routeId: filterIdSchema,
    view: z.enum(BOOKING_REPORT_VIEWS, { message: "Vista inválida" }).default("days"),
  })
  .superRefine((query, ctx) => {
    if (query.sinceDate && query.untilDate && query.sinceDate > query.untilDate) {
      ctx.addIssue({
        code: "custom",
        message: "La fecha inicial no puede ser posterior a la final",
        path: ["sinceDate"],
      });
    }
  });
export type BookingReportQuery = z.infer<typeof bookingReportQuerySchema>;

const count = z.number().int();

/** One route on one service day. */
export const bookingReportDayItemSchema = z.object({
  routeId: count,
  routeName: z.string(),
  shiftName: z.string().nullable(),
  date: z.string(),
  /** Null: no seat limit known. */
  seats: count.nullable(),
  /** Confirmed at the cut-off (after it: as it stands). */
  confirmed: count,
  /** Still waiting at the cut-off: demand without a seat. */
  waitlisted: count,
  /** confirmed + waitlisted. */
  demand: count,
  cancelled: count,
  /** Cancelled after the cut-off (by an admin). */
  lateCancellations: count,
  noShows: count,
  ridden: count,
});
export type BookingReportDayItem = z.infer<typeof bookingReportDayItemSchema>;

/** One collaborator on one route over the period. */
export const bookingReportCollaboratorItemSchema = z.object({
  employeeId: count,
  codeEmployee: z.string(),
  name: z.string(),
  lastname: z.string(),
  routeId: count,
  routeName: z.string(),
  /** Days expected (confirmed, ridden or no-show) in the period. */
  expected: count,
  ridden: count,
  noShows: count,
  /** noShows ÷ expected, 0…1; null without expected days. */
  noShowRate: z.number().nullable(),
  lateCancellations: count,
  /** NO_SHOW_FLAG_COUNT or more no-shows (any route) in the NO_SHOW_FLAG_DAYS days up to `untilDate`. */
  flagged: z.boolean(),
});
export type BookingReportCollaboratorItem = z.infer<typeof bookingReportCollaboratorItemSchema>;

const totals = {
  /** Confirmed bookings of the period (the sum of `confirmed`). */
  total: count,
  seats: count,
  confirmed: count,
  waitlisted: count,
  cancelled: count,
  lateCancellations: count,
  noShows: count,
  ridden: count,
  sinceDate: z.string(),
  untilDate: z.string(),
};

export const bookingReportResponseSchema = z.object({
  /** Rows of the chosen view (all pages). */
  amount: count,
  data: z.discriminatedUnion("view", [
    z.object({ view: z.literal("days"), items: z.array(bookingReportDayItemSchema), ...totals }),
    z.object({
      view: z.literal("collaborators"),
      items: z.array(bookingReportCollaboratorItemSchema),
      ...totals,
    }),
  ]),
});
export type BookingReportResponse = z.infer<typeof bookingReportResponseSchema>;
