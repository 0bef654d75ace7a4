import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/revoke-token { refreshToken }: ends this session on the server. */
export async function revokeToken(refreshToken: string): Promise<void> {
  await http.post(clientPath(API.auth.revokeToken), { refreshToken });
}
