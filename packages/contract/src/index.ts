export * from "./auth.js";
export * from "./catalog.js";
export * from "./common.js";
export * from "./notifications.js";
export * from "./people.js";
export * from "./route-planning.js";
