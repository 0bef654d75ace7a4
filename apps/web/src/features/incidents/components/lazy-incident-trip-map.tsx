import { lazyMap } from "../../../shared/map/lazy";

/** IncidentTripMap, loaded when a trip is opened from the panel (Leaflet stays out of the panel). */
export const LazyIncidentTripMap = lazyMap(
  () => import("./incident-trip-map").then((module) => module.IncidentTripMap),
  380,
);
