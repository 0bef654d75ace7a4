import { createHttpClient, NETWORK_ERROR_MESSAGE } from "@treiber/client";
import { showErrorMessage } from "../feedback/feedback";
import { handlePasswordChangeRequired } from "../session/password-change-required";
import { handleSessionExpired } from "../session/session-expired";
import { sessionStore } from "../session/session-store";
import { isPasswordChangeRequired } from "./password-change-required-error";

/** The one axios instance every API call uses. */
export const http = createHttpClient({
  session: sessionStore,
  onSessionExpired: handleSessionExpired,
  onNetworkError: (message) => showErrorMessage(message, NETWORK_ERROR_MESSAGE),
});

// A session the server still holds to its temporary password goes to /changePassword, not to the 403.
http.interceptors.response.use(undefined, (error: unknown) => {
  if (isPasswordChangeRequired(error)) handlePasswordChangeRequired();
  throw error;
});
