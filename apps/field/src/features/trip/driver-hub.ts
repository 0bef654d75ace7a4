import { appHub } from "../../shared/hub";

/** `SendGeolocation(tripId, lat, lng)` when the hub is connected; false when it is not (use REST). */
export async function sendGeolocationByHub(
  tripId: number,
  latitude: number,
  longitude: number,
): Promise<boolean> {
  const hub = appHub();
  if (String(hub.state) !== "Connected") return false;
  await hub.connection.invoke("SendGeolocation", tripId, latitude, longitude);
  return true;
}
