import { z } from "zod";
import {
  bodyIdSchema,
  ID_MESSAGE,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
} from "./common.js";
import { SHIFT_DIRECTIONS, type ShiftDirection, timeOfDaySchema } from "./shifts.js";

/**
 * The ordered stops of a scheduled route (issue 23, decision 0048): where the bus stops, when it is
 * planned there, and who boards (inbound shift) or alights (outbound shift) at each.
 */
export const MAX_ROUTE_STOPS = 100;
export const MAX_STOP_RIDERS = 120;
/** A stop lies within this many hours before (inbound) or after (outbound) its shift's time. */
export const STOP_WINDOW_HOURS = 12;
export const STOP_POSITION_MESSAGE = "Posición inválida";
export const STOP_RIDERS_MESSAGE = "Colaboradores inválidos";

const positionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : STOP_POSITION_MESSAGE) })
  .int(STOP_POSITION_MESSAGE)
  .min(1, STOP_POSITION_MESSAGE)
  .max(MAX_ROUTE_STOPS, STOP_POSITION_MESSAGE);

export const routeStopInputSchema = z.object({
  position: positionSchema,
  name: requiredText(120),
  address: optionalText(300).transform((value) => (value ? value : null)),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  plannedTime: timeOfDaySchema,
  /** Who boards (inbound) or alights (outbound) here: riders of the route, one stop each. */
  employeeIds: z
    .array(
      z.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
      {
        message: STOP_RIDERS_MESSAGE,
      },
    )
    .max(MAX_STOP_RIDERS, `Máximo ${MAX_STOP_RIDERS} colaboradores por parada`)
    .default([]),
});
export type RouteStopInput = z.infer<typeof routeStopInputSchema>;

/**
 * `PUT Route/stops`: the route's whole list of stops, replacing the one it had (an empty list
 * removes them). Positions are 1…n, each once; a rider is at one stop at most. Times, riders on the
 * route and seats are checked by the server against the route and its shift.
 */
export const routeStopsSaveRequestSchema = z
  .object({
    routeId: bodyIdSchema,
    /**
     * The `version` the stops were read with (GET Route/stops): when given and the route changed
     * since, the save is refused with 409 instead of overwriting another admin's work.
     */
    version: z.string({ message: "Versión inválida" }).max(40, "Versión inválida").optional(),
    stops: z
      .array(routeStopInputSchema, { message: "Paradas inválidas" })
      .max(MAX_ROUTE_STOPS, `Máximo ${MAX_ROUTE_STOPS} paradas`),
  })
  .superRefine((body, ctx) => {
    const seenPositions = new Map<number, number>();
    body.stops.forEach((stop, index) => {
      if (seenPositions.has(stop.position)) {
        ctx.addIssue({
          code: "custom",
          path: ["stops", index, "position"],
          message: `La posición ${stop.position} está repetida`,
        });
      }
      seenPositions.set(stop.position, index);
    });
    body.stops.forEach((stop, index) => {
      if (stop.position > body.stops.length) {
        ctx.addIssue({
          code: "custom",
          path: ["stops", index, "position"],
          message: `Las posiciones van de 1 a ${body.stops.length} sin saltos`,
        });
      }
    });
    const stopOfRider = new Map<number, number>();
    body.stops.forEach((stop, index) => {
      stop.employeeIds.forEach((employeeId, at) => {
        const other = stopOfRider.get(employeeId);
        if (other !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["stops", index, "employeeIds", at],
            message:
              other === index
                ? `El colaborador ${employeeId} está repetido en la parada`
                : `El colaborador ${employeeId} ya está en la parada ${body.stops[other]?.position}: una parada por colaborador`,
          });
        }
        stopOfRider.set(employeeId, index);
      });
    });
  });
export type RouteStopsSaveRequest = z.infer<typeof routeStopsSaveRequestSchema>;

export const routeStopsParamsSchema = z.object({
  routeId: z.coerce
    .number({ message: ID_MESSAGE })
    .int(ID_MESSAGE)
    .positive(ID_MESSAGE)
    .max(2_147_483_647, ID_MESSAGE),
});

export const routeStopRiderSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
});
export type RouteStopRider = z.infer<typeof routeStopRiderSchema>;

export const routeStopSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  plannedTime: z.string(),
  riders: z.array(routeStopRiderSchema),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

/** Where a route's seats come from: its own `seats`, or the smallest vehicle of its drivers. */
export const SEATS_SOURCES = ["route", "vehicle"] as const;

export const STOPS_CHANGED_MESSAGE =
  "Otro usuario cambió esta ruta mientras la editaba: vuelva a cargar sus paradas e intente de nuevo";

export const routeStopsResponseSchema = z.object({
  routeId: z.number().int(),
  routeName: z.string(),
  /** Changes on every save of the route or its stops; send it back in PUT Route/stops. */
  version: z.string(),
  shiftId: z.number().int().nullable(),
  shiftName: z.string().nullable(),
  shiftTime: z.string().nullable(),
  direction: z.enum(SHIFT_DIRECTIONS).nullable(),
  seats: z.number().int().nullable(),
  seatsSource: z.enum(SEATS_SOURCES).nullable(),
  stops: z.array(routeStopSchema),
  /** Riders of the route who have no stop yet. */
  ridersWithoutStop: z.array(routeStopRiderSchema),
});
export type RouteStops = z.infer<typeof routeStopsResponseSchema>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DAY_MINUTES = 24 * 60;

/**
 * Why a route's planned times (in position order, `HH:mm`) do not fit its shift, or undefined.
 * Inbound: every stop within the 12 hours up to the shift's time, each no earlier than the one
 * before. Outbound: within the 12 hours from the shift's time, in the same order. Without a shift:
 * in order within 12 hours of the first stop. Times may cross midnight (23:50 then 00:10). The same
 * minute twice is allowed (two stops a few seconds apart). Shared by the server and the pages.
 */
export function stopTimesProblem(
  plannedTimes: readonly string[],
  shift: { direction: ShiftDirection; time: string } | null,
): { index: number; message: string } | undefined {
  const first = plannedTimes[0];
  if (first === undefined) return undefined;
  const window = STOP_WINDOW_HOURS * 60;
  const anchor = minutesOf(shift ? shift.time : first);
  let previous: number | undefined;
  for (const [index, time] of plannedTimes.entries()) {
    const position = index + 1;
    const t = minutesOf(time);
    let offset: number;
    if (shift?.direction === "inbound") {
      const before = (anchor - t + DAY_MINUTES) % DAY_MINUTES;
      if (before > window) {
        return {
          index,
          message: `La parada ${position} (${time}) debe ser antes de la hora del turno de entrada (${shift.time}), dentro de las ${STOP_WINDOW_HOURS} horas previas`,
        };
      }
      offset = -before;
    } else {
      offset = (t - anchor + DAY_MINUTES) % DAY_MINUTES;
      if (offset > window) {
        return {
          index,
          message: shift
            ? `La parada ${position} (${time}) debe ser después de la hora del turno de salida (${shift.time}), dentro de las ${STOP_WINDOW_HOURS} horas siguientes`
            : `La parada ${position} (${time}) debe ser dentro de las ${STOP_WINDOW_HOURS} horas siguientes a la primera parada`,
        };
      }
    }
    if (previous !== undefined && offset < previous) {
      return {
        index,
        message: `La hora de la parada ${position} (${time}) es anterior a la de la parada ${position - 1} (${plannedTimes[index - 1]})`,
      };
    }
    previous = offset;
  }
  return undefined;
}
