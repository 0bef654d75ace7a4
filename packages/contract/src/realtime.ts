import { z } from "zod";
import { idSchema, latitudeSchema, longitudeSchema } from "./common.js";
import { actionIdShape, deviceTimeSchema } from "./field-actions.js";

export { HUB_EVENTS, HUB_METHODS, HUB_PATH, TRIP_GROUP_PATTERN, tripGroup } from "./hub-names.js";

/** Argument of `ReceivedDriverGeolocation`, pushed to the trip's group and to the admins. */
export const driverGeolocationSchema = z.object({
  intermediateRouteId: z.number().int(),
  driverId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  /** ISO 8601 instant the server received the position. */
  date: z.string(),
});
export type DriverGeolocation = z.infer<typeof driverGeolocationSchema>;

/** Argument of `StartIntermediateRoute`, pushed to each rider of the route when its trip starts. */
export const tripStartedSchema = z.object({
  intermediateRouteId: z.number().int(),
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  routeName: z.string(),
  startedDate: z.string(),
});
export type TripStarted = z.infer<typeof tripStartedSchema>;

/** `POST /api/v1/IntermediateRoute/position`: the REST alternative to the hub's `SendGeolocation`. */
export const positionRequestSchema = z.object({
  intermediateRouteId: idSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /** Device time of a position queued offline (not rate limited; checked against the trip and the clock). */
  recordedAt: deviceTimeSchema.optional(),
  ...actionIdShape,
});
export type PositionRequest = z.infer<typeof positionRequestSchema>;
