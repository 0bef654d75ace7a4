import type { MyHomeLocation } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import type { GeoPoint } from "@treiber/contract/geo";
import { http } from "../../shared/http";

/** My home location on record (`GET Employee/myLocation`), or null when none is recorded or it fails. */
export async function loadMyHome(): Promise<(GeoPoint & { address: string | null }) | null> {
  try {
    const { data } = await http.get<MyHomeLocation>(clientPath(API.employee.myLocation));
    if (data.latitude === null || data.longitude === null) return null;
    return { latitude: data.latitude, longitude: data.longitude, address: data.address };
  } catch {
    return null;
  }
}
