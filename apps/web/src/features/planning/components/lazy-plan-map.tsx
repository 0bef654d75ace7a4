import { lazyMap } from "../../../shared/map/lazy";

/** PlanMap, loaded when the proposal first shows it (Leaflet stays out of the page's chunk). */
export const LazyPlanMap = lazyMap(() => import("./plan-map").then((module) => module.PlanMap), 380);
