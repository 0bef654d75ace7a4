import type {
  CancelServiceRequest,
  CollaboratorTripsResponse,
  MessageResponse,
  MyRoute,
  RiderStatus,
  RiderTravelModel,
  RiderTripView,
  TripCommentRequest,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import { QUEUED_MESSAGE, sendFieldAction } from "../../shared/outbox/send-field-action";
import type { TimedPosition } from "./bus-eta";
import { loadMyRoutes } from "./load-my-routes";

/** The trip of one of my routes in progress, as "Mi bus" follows it. */
export type MyBus = {
  tripId: number;
  route: MyRoute;
  startedDate: string;
  /** My own state on the trip: Pending (expected), Boarded or Canceled. */
  myStatus: RiderStatus;
  /** The trail so far (oldest first), to start the map and the ETA. */
  positions: TimedPosition[];
  /** The travel model of the route's shift the ETA uses (null: the server sent none). */
  travelModel: RiderTravelModel | null;
  /** The points of the stops before mine (rounded), the ETA goes through those still ahead. */
  stopsBefore: { latitude: number; longitude: number }[];
};

/** The first route of mine with a trip in progress, with my state and its trail; null when none runs. */
export async function loadMyBus(): Promise<MyBus | null> {
  const routes = await loadMyRoutes();
  const route = routes.find((item) => item.currentTrip !== null);
  const trip = route?.currentTrip;
  if (!route || !trip) return null;
  const [mine, detail] = await Promise.all([
    http.get<CollaboratorTripsResponse>(clientPath(API.transportService.current)),
    http.get<RiderTripView>(clientPath(API.intermediateRoute.current, { id: trip.intermediateRouteId })),
  ]);
  const status = mine.data.response.find(
    (item) => item.intermediateRouteId === trip.intermediateRouteId,
  )?.status;
  const positions = detail.data.positions.map((p) => ({
    latitude: p.latitude,
    longitude: p.longitude,
    at: Date.parse(p.recordedDate),
  }));
  if (positions.length === 0 && trip.lastLatitude !== null && trip.lastLongitude !== null) {
    positions.push({
      latitude: trip.lastLatitude,
      longitude: trip.lastLongitude,
      at: Date.parse(trip.lastPositionDate ?? trip.startedDate),
    });
  }
  return {
    tripId: trip.intermediateRouteId,
    route,
    startedDate: trip.startedDate,
    myStatus: status ?? "Pending",
    positions: positions.sort((a, b) => a.at - b.at),
    travelModel: detail.data.travelModel ?? null,
    stopsBefore: detail.data.stopsBefore ?? [],
  };
}

/**
 * `POST TransportService/cancelService`: I will not ride this trip (admins get CANCELED). Kept on the
 * phone and sent when the connection returns, like the driver's actions; the answer's message, or
 * what the app says when it was kept.
 */
export async function cancelMyTrip(body: CancelServiceRequest): Promise<string> {
  const result = await sendFieldAction<MessageResponse>({
    method: "POST",
    path: clientPath(API.transportService.cancel),
    body,
  });
  return result.status === "sent" ? result.data.message : QUEUED_MESSAGE;
}

/** `POST IntermediateRoute/comment`: a comment on a trip I rode (admins get COMMENT); kept offline too. */
export async function commentTrip(body: TripCommentRequest): Promise<string> {
  const result = await sendFieldAction<MessageResponse>({
    method: "POST",
    path: clientPath(API.intermediateRoute.comment),
    body,
  });
  return result.status === "sent" ? result.data.message : QUEUED_MESSAGE;
}
