import { http } from "../../../shared/api/http-client";

/** POST /api/v1/Auth/revoke-token { refreshToken }: ends this session on the server. */
export async function revokeToken(refreshToken: string): Promise<void> {
  await http.post("/Auth/revoke-token", { refreshToken });
}
