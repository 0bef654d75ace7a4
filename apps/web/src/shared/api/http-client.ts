import { NETWORK_ERROR_MESSAGE } from "../constants";
import { showErrorMessage } from "../feedback/feedback";
import { handleSessionExpired } from "../session/session-expired";
import { sessionStore } from "../session/session-store";
import { createHttpClient } from "./create-http-client";

/** The one axios instance every API call uses. */
export const http = createHttpClient({
  session: sessionStore,
  onSessionExpired: handleSessionExpired,
  onNetworkError: (message) => showErrorMessage(message, NETWORK_ERROR_MESSAGE),
});
