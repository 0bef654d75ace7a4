import type { RiderStatus } from "@treiber/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { drivers, profileImages, transportServices } from "../../db/schema.js";

/** The trip's bus: its driver's user (for the photo), vehicle and photo version. */
export async function busOf(db: Db, driverId: number) {
  const [row] = await db
    .select({
      userId: drivers.userId,
      vehiclePlate: drivers.vehiclePlate,
      vehicleModel: drivers.vehicleModel,
      imageEtag: profileImages.etag,
    })
    .from(drivers)
    .leftJoin(profileImages, eq(profileImages.userId, drivers.userId))
    .where(eq(drivers.id, driverId))
    .limit(1);
  return row;
}

export async function riderStatusOf(db: Db, tripId: number, employeeId: number): Promise<RiderStatus> {
  const [row] = await db
    .select({ status: transportServices.status })
    .from(transportServices)
    .where(
      and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.employeeId, employeeId)),
    )
    .limit(1);
  return (row?.status as RiderStatus | undefined) ?? "Pending";
}
