export { ensureHubStarted, hub } from "./hub";
export { createHubClient, type HubClient, type HubHandler } from "./hub-client";
export { tripGroupName, useHubConnection, useHubEvent, useHubReconnected, useTripGroup } from "./use-hub";
