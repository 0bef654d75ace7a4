import { z } from "zod";
import { BOOKING_REPORT_RANGE_MAX_DAYS, bookingReportDateSchema } from "./booking-report.js";
import { filterIdSchema, listQuerySchema } from "./common.js";

/**
 * «Reporte Ahorro» (issue 36): per service date, shift and workplace that had a plan of the day,
 * the standing plan's vehicles, km, cost and kg of CO₂ against the day's plan and against what ran
 * (the trips of those routes that date: measured km, the trip's cost as the cuts price it, CO₂ from
 * the km × the factor of the driver's vehicle type), with the savings («kg CO₂ evitados»). Filters
 * as the other reports: paging, `criterion` (shift or workplace), `sinceDate`/`untilDate` (service
 * dates, `YYYY-MM-DD` or `MM/DD/YYYY`, default the last 6 days through today), `branchOfficeId`,
 * `shiftId`, `destinationId`.
 */

export const SAVINGS_REPORT_FILE_NAME = "ReporteAhorro.xlsx";
export const SAVINGS_REPORT_RANGE_MAX_DAYS = BOOKING_REPORT_RANGE_MAX_DAYS;

export const savingsReportQuerySchema = listQuerySchema
  .extend({
    sinceDate: bookingReportDateSchema.optional(),
    untilDate: bookingReportDateSchema.optional(),
    destinationId: filterIdSchema,
    branchOfficeId: filterIdSchema,
    shiftId: filterIdSchema,
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
export type SavingsReportQuery = z.infer<typeof savingsReportQuerySchema>;

/** Vehicles, km, cost (USD) and kg of CO₂ of one plan of a date. */
export const savingsFiguresSchema = z.object({
  vehicles: z.number().int(),
  km: z.number(),
  cost: z.number(),
  co2Kg: z.number(),
});
export type SavingsFigures = z.infer<typeof savingsFiguresSchema>;

export const savingsReportItemSchema = z.object({
  dayPlanId: z.number().int(),
  /** Service date `YYYY-MM-DD`. */
  date: z.string(),
  shiftId: z.number().int(),
  shiftName: z.string(),
  destinationId: z.number().int(),
  destinationName: z.string(),
  branchOfficeName: z.string(),
  source: z.enum(["auto", "admin"]),
  /** The standing routes as they would have run that date, and the day's plan (as applied). */
  standing: savingsFiguresSchema,
  day: savingsFiguresSchema,
  /** The trips of the plan's routes that date (`vehicles`: trips); zeros before any ran. */
  ran: savingsFiguresSchema,
  trips: z.number().int(),
  /** standing − day: vehicles released, km, cost and «kg CO₂ evitados» as planned. */
  saved: savingsFiguresSchema,
  /** standing − ran; null while no trip of that date ran. */
  savedRan: savingsFiguresSchema.nullable(),
});
export type SavingsReportItem = z.infer<typeof savingsReportItemSchema>;

export const savingsReportResponseSchema = z.object({
  /** Rows of the period (all pages). */
  amount: z.number().int(),
  data: z.object({
    items: z.array(savingsReportItemSchema),
    sinceDate: z.string(),
    untilDate: z.string(),
    /** Sums over every row of the period (`savedRan`: over the rows whose trips ran). */
    totals: z.object({
      standing: savingsFiguresSchema,
      day: savingsFiguresSchema,
      ran: savingsFiguresSchema,
      trips: z.number().int(),
      saved: savingsFiguresSchema,
      savedRan: savingsFiguresSchema,
    }),
  }),
});
export type SavingsReportResponse = z.infer<typeof savingsReportResponseSchema>;

/** a − b, figure by figure (km and kg to one decimal, cost to the cent). */
export function figuresMinus(a: SavingsFigures, b: SavingsFigures): SavingsFigures {
  return {
    vehicles: a.vehicles - b.vehicles,
    km: Math.round((a.km - b.km) * 10) / 10,
    cost: Math.round((a.cost - b.cost) * 100) / 100,
    co2Kg: Math.round((a.co2Kg - b.co2Kg) * 10) / 10,
  };
}

/** a + b, figure by figure. */
export function figuresPlus(a: SavingsFigures, b: SavingsFigures): SavingsFigures {
  return {
    vehicles: a.vehicles + b.vehicles,
    km: Math.round((a.km + b.km) * 10) / 10,
    cost: Math.round((a.cost + b.cost) * 100) / 100,
    co2Kg: Math.round((a.co2Kg + b.co2Kg) * 10) / 10,
  };
}

export const NO_FIGURES: SavingsFigures = { vehicles: 0, km: 0, cost: 0, co2Kg: 0 };
