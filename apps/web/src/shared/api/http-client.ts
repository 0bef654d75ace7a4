import { createHttpClient, NETWORK_ERROR_MESSAGE } from "@treiber/client";
import { showErrorMessage } from "../feedback/feedback";
import { handleSessionExpired } from "../session/session-expired";
import { sessionStore } from "../session/session-store";

/** The one axios instance every API call uses. */
export const http = createHttpClient({
  session: sessionStore,
  onSessionExpired: handleSessionExpired,
  onNetworkError: (message) => showErrorMessage(message, NETWORK_ERROR_MESSAGE),
});
