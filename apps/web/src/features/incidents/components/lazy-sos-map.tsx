import { lazyMap } from "../../../shared/map/lazy";

/** SosMap, loaded when an SOS is opened from the panel (Leaflet stays out of the panel). */
export const LazySosMap = lazyMap(() => import("./sos-map").then((module) => module.SosMap), 360);
