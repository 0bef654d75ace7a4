import { z } from "zod";
import { idSchema, latitudeSchema, longitudeSchema } from "./common.js";
import { actionIdShape, deviceTimeSchema } from "./field-actions.js";

/** Path of the SignalR hub (JSON protocol over WebSockets). */
export const HUB_PATH = "/server";

/** Events the hub pushes (client handler names). */
export const HUB_EVENTS = {
  receiveNotification: "ReceiveNotification",
  receivedDriverGeolocation: "ReceivedDriverGeolocation",
  finishIntermediateRoute: "FinishIntermediateRoute",
  /** To the riders of the route (Treiber App "Mi bus"): a trip of one of their routes started. */
  startIntermediateRoute: "StartIntermediateRoute",
} as const;

/** Methods a client may invoke on the hub (matched case-insensitively). */
export const HUB_METHODS = {
  joinGroupIntermediateRoute: "JoinGroupIntermediateRoute",
  leaveGroupIntermediateRoute: "LeaveGroupIntermediateRoute",
  sendGeolocation: "SendGeolocation",
  /** `SendGeolocationAt(tripId, lat, lng, recordedAt)`: a position with the device's time (Treiber App). */
  sendGeolocationAt: "SendGeolocationAt",
} as const;

/** The group of one trip's live followers: `intermediate-group-<id>`. */
export const tripGroup = (intermediateRouteId: number) => `intermediate-group-${intermediateRouteId}`;
export const TRIP_GROUP_PATTERN = /^intermediate-group-([1-9]\d{0,9})$/;

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
