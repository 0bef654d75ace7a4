import { lazyMap } from "../../../shared/map/lazy";

/** SharedTripMap, loaded after the page's first answer: the trip's facts show before Leaflet arrives. */
export const LazySharedTripMap = lazyMap(
  () => import("./shared-trip-map").then((module) => module.SharedTripMap),
  360,
);
