import { z } from "zod";
import {
  bodyIdSchema,
  criterionSchema,
  datedListQuerySchema,
  filterIdSchema,
  ID_MESSAGE,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  numberField,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
  sortedListQuerySchema,
  statusSchema,
} from "./common.js";

export const DEPARTURE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEPARTURE_TIME_MESSAGE = "Hora inválida (formato HH:mm)";
export const DAYS_REQUIRED_MESSAGE = "Seleccione al menos un día";
export const DAY_MESSAGE = "Día inválido";
export const COST_MESSAGE = "Costo inválido";
export const COST_DECIMALS_MESSAGE = "El costo admite como máximo 2 decimales";
export const RIDERS_REQUIRED_MESSAGE = "Seleccione al menos un colaborador";
export const SEATS_MESSAGE = "Los asientos deben ser un número entero entre 1 y 120";
/** Directions of a shift (decision 0048): `inbound` = Entrada, `outbound` = Salida. */
export const SHIFT_DIRECTIONS = ["inbound", "outbound"] as const;
export type ShiftDirection = (typeof SHIFT_DIRECTIONS)[number];
export const ROUTE_NAME_DUPLICATE_MESSAGE = "Ya existe una ruta con este nombre";
export const INACTIVE_ASSIGNMENT_MESSAGE = "No se puede asignar un registro inactivo";
/** Route page size (spec §9); unscheduled routes use 3. */
export const ROUTE_PAGE_SIZE = 10;
export const ROUTE_NOT_SCHEDULED_PAGE_SIZE = 3;

const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema);

/** Money in USD: a number ≥ 0 with at most 2 decimals. */
export const costSchema = required(
  numberField(COST_MESSAGE)
    .refine(Number.isFinite, COST_MESSAGE)
    .refine((value) => value >= 0, "El costo no puede ser negativo")
    .refine((value) => value <= 9_999_999_999.99, COST_MESSAGE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, COST_DECIMALS_MESSAGE),
);

export const departureTimeSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(DEPARTURE_TIME_PATTERN, DEPARTURE_TIME_MESSAGE);

const requiredId = bodyIdSchema;

export const dayIdsSchema = z
  .array(z.number({ message: DAY_MESSAGE }).int(DAY_MESSAGE).min(1, DAY_MESSAGE).max(7, DAY_MESSAGE), {
    message: DAYS_REQUIRED_MESSAGE,
  })
  .min(1, DAYS_REQUIRED_MESSAGE)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

// ---------- Route ----------

export const routeCreateRequestSchema = z.object({
  name: requiredText(120),
  description: optionalText(500),
  destinationId: requiredId,
  dayIds: dayIdsSchema,
  departureTime: departureTimeSchema,
  cost: costSchema,
  /**
   * The shift the route serves (issue 23): absent keeps the route's shift (the spec's Route page
   * never sends it), null removes it.
   */
  shiftId: bodyIdSchema.nullable().optional(),
  /** The route's own seats: absent keeps them, null falls back to the drivers' vehicle capacity. */
  seats: numberField(SEATS_MESSAGE)
    .int(SEATS_MESSAGE)
    .min(1, SEATS_MESSAGE)
    .max(120, SEATS_MESSAGE)
    .nullable()
    .optional(),
});
export type RouteCreateRequest = z.infer<typeof routeCreateRequestSchema>;

export const routeUpdateRequestSchema = routeCreateRequestSchema.extend({ id: requiredId });
export type RouteUpdateRequest = z.infer<typeof routeUpdateRequestSchema>;

export const routeDayItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type RouteDayItem = z.infer<typeof routeDayItemSchema>;

export const routeListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  destinationId: z.number().int(),
  destinationName: z.string(),
  days: z.array(routeDayItemSchema),
  departureTime: z.string().nullable(),
  cost: z.number(),
  status: statusSchema,
  createdDate: z.string(),
  amountDrivers: z.number().int(),
  amountEmployees: z.number().int(),
  shiftId: z.number().int().nullable(),
  shiftName: z.string().nullable(),
  direction: z.enum(SHIFT_DIRECTIONS).nullable(),
  /** The route's own seats (null: its drivers' vehicle capacity counts). */
  seats: z.number().int().nullable(),
  amountStops: z.number().int(),
  /** Its first assigned driver's full name (issue 33, «Rutas Programadas»), null without drivers. */
  driverName: z.string().nullable(),
  /** The smallest vehicle among its drivers (the seats when the route has none of its own). */
  vehicleSeats: z.number().int().nullable(),
});
export type RouteListItem = z.infer<typeof routeListItemSchema>;

export const ROUTE_SORT_FIELDS = ["name", "cost", "createdDate"] as const;
/** The spec's route list; `shiftId` (absent or 0 = all) keeps the routes of one shift (issue 23). */
export const routeListQuerySchema = sortedListQuerySchema(ROUTE_SORT_FIELDS).safeExtend({
  shiftId: filterIdSchema,
});
export type RouteListQuery = z.infer<typeof routeListQuerySchema>;
export const routeListResponseSchema = z.object({
  amount: z.number().int(),
  list: z.array(routeListItemSchema),
});
export type RouteListResponse = z.infer<typeof routeListResponseSchema>;

export const routeNameItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type RouteNameItem = z.infer<typeof routeNameItemSchema>;

export const routeSavedResponseSchema = z.object({ id: z.number().int(), message: z.string() });
export type RouteSavedResponse = z.infer<typeof routeSavedResponseSchema>;

// ---------- Route assignments (Employee / Driver) ----------

export const employeeRouteAssignmentSchema = z.object({ employeeId: idSchema, routeId: idSchema });
export type EmployeeRouteAssignment = z.infer<typeof employeeRouteAssignmentSchema>;
export const driverRouteAssignmentSchema = z.object({ driverId: idSchema, routeId: idSchema });
export type DriverRouteAssignment = z.infer<typeof driverRouteAssignmentSchema>;
export const employeeRoutesQuerySchema = z.object({ employeeId: idSchema });
export const driverRoutesQuerySchema = z.object({ driverId: idSchema });

export const assignedRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  destinationId: z.number().int(),
  destinationName: z.string(),
  days: z.array(routeDayItemSchema),
  departureTime: z.string().nullable(),
  cost: z.number(),
  status: statusSchema,
  assignedDate: z.string(),
});
export type AssignedRoute = z.infer<typeof assignedRouteSchema>;

/** `GET Route/assignments?routeId=`: the drivers and collaborators assigned to one route. */
export const routeAssignmentsQuerySchema = z.object({ routeId: idSchema });

export const routeAssignedDriverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  identityCard: z.string(),
  supplierName: z.string(),
  status: statusSchema,
  assignedDate: z.string(),
});
export type RouteAssignedDriver = z.infer<typeof routeAssignedDriverSchema>;

export const routeAssignedEmployeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  status: statusSchema,
  assignedDate: z.string(),
});
export type RouteAssignedEmployee = z.infer<typeof routeAssignedEmployeeSchema>;

export const routeAssignmentsResponseSchema = z.object({
  drivers: z.array(routeAssignedDriverSchema),
  employees: z.array(routeAssignedEmployeeSchema),
});
export type RouteAssignments = z.infer<typeof routeAssignmentsResponseSchema>;

// ---------- Route not scheduled ----------

const isoDateTimeSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .pipe(z.iso.datetime({ offset: true, message: "Fecha y hora inválidas (ISO 8601)" }));

export const routeNotScheduledCreateRequestSchema = z.object({
  name: requiredText(120),
  description: optionalText(500),
  scheduledAt: isoDateTimeSchema,
  driverId: requiredId,
  cost: costSchema,
  originAddress: optionalText(300),
  originLatitude: latitudeSchema.nullish(),
  originLongitude: longitudeSchema.nullish(),
  destinationId: idSchema.nullish(),
  employeeIds: z
    .array(
      z.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
      {
        message: RIDERS_REQUIRED_MESSAGE,
      },
    )
    .min(1, RIDERS_REQUIRED_MESSAGE)
    .max(200, "Máximo 200 colaboradores")
    .transform((ids) => [...new Set(ids)]),
});
export type RouteNotScheduledCreateRequest = z.infer<typeof routeNotScheduledCreateRequestSchema>;

export const routeNotScheduledUpdateRequestSchema = routeNotScheduledCreateRequestSchema.extend({
  id: requiredId,
});
export type RouteNotScheduledUpdateRequest = z.infer<typeof routeNotScheduledUpdateRequestSchema>;

export const riderSchema = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });
export type Rider = z.infer<typeof riderSchema>;

export const routeNotScheduledListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  scheduledAt: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  cost: z.number(),
  originAddress: z.string().nullable(),
  originLatitude: z.number().nullable(),
  originLongitude: z.number().nullable(),
  destinationId: z.number().int().nullable(),
  destinationName: z.string().nullable(),
  status: statusSchema,
  createdDate: z.string(),
  riders: z.array(riderSchema),
});
export type RouteNotScheduledListItem = z.infer<typeof routeNotScheduledListItemSchema>;

export const ROUTE_NOT_SCHEDULED_SORT_FIELDS = ["name", "scheduledAt", "cost"] as const;
export const routeNotScheduledListQuerySchema = sortedListQuerySchema(
  ROUTE_NOT_SCHEDULED_SORT_FIELDS,
).safeExtend({
  amount: datedListQuerySchema.shape.amount.removeDefault().default(ROUTE_NOT_SCHEDULED_PAGE_SIZE),
});
export type RouteNotScheduledListQuery = z.infer<typeof routeNotScheduledListQuerySchema>;
export const routeNotScheduledListResponseSchema = z.object({
  amount: z.number().int(),
  list: z.array(routeNotScheduledListItemSchema),
});
export type RouteNotScheduledListResponse = z.infer<typeof routeNotScheduledListResponseSchema>;

export const employeeForRouteNotScheduleQuerySchema = z.object({
  criterion: criterionSchema,
});
export const employeeForRouteNotScheduleItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
});
export type EmployeeForRouteNotScheduleItem = z.infer<typeof employeeForRouteNotScheduleItemSchema>;
