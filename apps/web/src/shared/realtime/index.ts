export { ensureHubStarted, hub } from "./hub";
export { useHubConnection, useHubEvent, useHubReconnected, useTripGroup } from "./use-hub";
