/**
 * The hub's names without schemas: a client page that only talks to the hub imports
 * `@treiber/contract/hub-names` and none of zod (like `@treiber/contract/messages`).
 */

/** Path of the SignalR hub (JSON protocol over WebSockets). */
export const HUB_PATH = "/server";

/** Events the hub pushes (client handler names). */
export const HUB_EVENTS = {
  receiveNotification: "ReceiveNotification",
  receivedDriverGeolocation: "ReceivedDriverGeolocation",
  finishIntermediateRoute: "FinishIntermediateRoute",
  /** To the riders of the route (Treiber App "Mi bus"): a trip of one of their routes started. */
  startIntermediateRoute: "StartIntermediateRoute",
  /** To the admins: an incident opened, was acknowledged or closed (the whole IncidentItem). */
  receiveIncident: "ReceiveIncident",
  /** To one rider (Treiber App): their bus left, is ~5 min away, or is late (RiderAlert). */
  receiveRiderAlert: "ReceiveRiderAlert",
  /** To the admins: a followed position of a person after their SOS (SosPosition, issue 38). */
  receiveSosPosition: "ReceiveSosPosition",
  /** To one rider (Treiber App): «¿Llegó bien?» is due (SafeArrivalCheck, issue 38). */
  receiveSafeArrivalCheck: "ReceiveSafeArrivalCheck",
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
