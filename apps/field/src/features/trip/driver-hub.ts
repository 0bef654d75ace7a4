import { createHubClient, expiresWithin } from "@treiber/client";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

/** The driver's connection to the hub `/server` while a trip runs (positions via `SendGeolocation`). */
export const driverHub = createHubClient({
  url: new URL("/server", window.location.href).toString(),
  accessTokenFactory: async () => {
    const token = sessionStore.getSession()?.token;
    if (!token) return "";
    return expiresWithin(token, 30_000) ? ((await http.refreshSession()) ?? "") : token;
  },
});

/** `SendGeolocation(tripId, lat, lng)` when the hub is connected; false when it is not (use REST). */
export async function sendGeolocationByHub(
  tripId: number,
  latitude: number,
  longitude: number,
): Promise<boolean> {
  if (String(driverHub.state) !== "Connected") return false;
  await driverHub.connection.invoke("SendGeolocation", tripId, latitude, longitude);
  return true;
}
