import { lazyMap } from "../../../shared/map/lazy";

/** TripMap, loaded when a trip's detail or sheet first draws it (no Leaflet in the list pages). */
export const LazyTripMap = lazyMap(() => import("./trip-map").then((module) => module.TripMap), 420);
