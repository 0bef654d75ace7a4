/**
 * What every Treiber client shares (back office, Treiber App, simulator), framework-free: the HTTP
 * client (bearer, `GMT`, single-flight refresh, network message), the session store (localStorage
 * by default, injectable for Node) and the hub client (reconnect 10 s × 40, group rejoin).
 */
export * from "./constants";
export {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  REFRESH_TOKEN_PATH,
  type SessionAccess,
} from "./create-http-client";
export {
  createHubClient,
  DEFAULT_RECONNECT_DELAYS,
  type HubClient,
  type HubClientOptions,
  type HubHandler,
  JOIN_TRIP_GROUP,
  LEAVE_TRIP_GROUP,
  tripGroupName,
} from "./create-hub-client";
export { createMemoryStorage } from "./create-memory-storage";
export { createSessionStore, type SessionStore, type SessionStoreOptions } from "./create-session-store";
export { getErrorMessage, getErrorStatus, getFieldErrors } from "./get-error-message";
export { gmtHeaderValue } from "./gmt-header-value";
export { NetworkError } from "./network-error";
export { ADMINISTRATOR_ROLES, hasAnyRole, hasRole, isAdministrator } from "./roles";
export type { SessionStorageLike } from "./session-storage-like";
export type { Session } from "./session-types";
export { expiresWithin } from "./token-expiry";
