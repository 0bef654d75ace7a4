import type { ChangePasswordRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/**
 * `PUT Auth/changePassword`: the server ends the user's other sessions, keeps this one. The stored
 * session (the back office's too) no longer asks for a change.
 */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await http.put(clientPath(API.auth.changePassword), body);
  sessionStore.updateSession({ mustChangePassword: false });
}
