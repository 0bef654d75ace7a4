import type { DriverListQuery, DriverUpdateRequest } from "@treiber/contract";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { pageByIds } from "../../db/page-by-ids.js";
import { drivers, profileImages, routeDrivers, suppliers, users } from "../../db/schema.js";
import { type SortRequest, sortOrder } from "../../db/sorting.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { driverSearch } from "./driver-search-sql.js";

type Conn = Db | Tx;

export type NewDriver = {
  userId: number;
  supplierId: number;
  name: string;
  lastname: string;
  identityCard: string;
  telephone: string;
  licenseNumber: string;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
};

export async function insertDriver(tx: Tx, values: NewDriver): Promise<number> {
  const [row] = await tx
    .insert(drivers)
    .values({ ...values, codeQr: newCodeQr() })
    .returning({ id: drivers.id });
  if (!row) throw new Error("driver insert returned nothing");
  return row.id;
}

/** One page of drivers, newest first, with the total that match the search. */
export type DriverFilter = {
  amount: number;
  skip: number;
  criterion?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** Only this supplier's drivers (a Supplier caller, decision 0077); every supplier's when null. */
  supplierId?: number | null;
} & SortRequest<NonNullable<DriverListQuery["sortBy"]>>;

/** `drivers.supplier_id = supplierId`, or no condition for every supplier (admins). */
const ofSupplier = (supplierId: number | null | undefined) =>
  supplierId == null ? undefined : eq(drivers.supplierId, supplierId);

export async function listDrivers(db: Db, filter: DriverFilter) {
  const where = and(
    ofSupplier(filter.supplierId),
    filter.criterion ? driverSearch(filter.criterion) : undefined,
    filter.createdFrom ? gte(drivers.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lt(drivers.createdAt, filter.createdTo) : undefined,
  );
  const order = sortOrder(
    { name: drivers.name, lastname: drivers.lastname, createdDate: drivers.createdAt },
    drivers.id,
    filter,
    [desc(drivers.createdAt), desc(drivers.id)],
  );
  return pageByIds(db, drivers, where, order, filter, (inPage) =>
    db
      .select({
        id: drivers.id,
        userId: drivers.userId,
        email: users.email,
        name: drivers.name,
        lastname: drivers.lastname,
        identityCard: drivers.identityCard,
        telephone: drivers.telephone,
        licenseNumber: drivers.licenseNumber,
        supplierId: drivers.supplierId,
        supplierName: suppliers.name,
        vehiclePlate: drivers.vehiclePlate,
        vehicleModel: drivers.vehicleModel,
        vehicleCapacity: drivers.vehicleCapacity,
        status: users.status,
        createdAt: drivers.createdAt,
      })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
      .where(inPage)
      .orderBy(...order),
  );
}

/** The user behind a driver, or undefined when the driver does not exist. */
export async function findDriverUserId(db: Db, id: number) {
  const [row] = await db.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.id, id)).limit(1);
  return row?.userId;
}

/** The driver record of a user, with the user's status, if it has one. */
export async function findDriverOfUser(conn: Conn, userId: number) {
  const [row] = await conn
    .select({
      id: drivers.id,
      supplierId: drivers.supplierId,
      name: drivers.name,
      lastname: drivers.lastname,
      userStatus: users.status,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, userId));
  return row;
}

export type DriverUpdateOutcome =
  | { userId: number }
  | "driver-not-found"
  | "supplier-not-found"
  | "supplier-inactive";

/** Edits a driver's data in the caller's transaction, checking its supplier; the driver's user once written. */
export async function updateDriver(
  tx: Tx,
  request: Omit<DriverUpdateRequest, "email">,
): Promise<DriverUpdateOutcome> {
  const { id, ...values } = request;
  const [driver] = await tx
    .select({ userId: drivers.userId })
    .from(drivers)
    .where(eq(drivers.id, id))
    .limit(1)
    .for("update");
  if (!driver) return "driver-not-found";
  const [supplier] = await tx
    .select({ status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, values.supplierId))
    .limit(1);
  if (!supplier) return "supplier-not-found";
  if (supplier.status !== "active") return "supplier-inactive";
  await tx
    .update(drivers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(drivers.id, id));
  return { userId: driver.userId };
}

/** Names of the drivers whose user is active (of one supplier, or of all when null). */
export function listActiveDriverNames(db: Db, supplierId: number | null = null) {
  return db
    .select({ id: drivers.id, name: drivers.name, lastname: drivers.lastname })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(and(eq(users.status, "active"), ofSupplier(supplierId)))
    .orderBy(drivers.name, drivers.lastname, drivers.id);
}

export function listDriversWithSupplier(db: Db, supplierId: number | null = null) {
  return db
    .select({
      id: drivers.id,
      name: drivers.name,
      lastname: drivers.lastname,
      supplierId: drivers.supplierId,
      supplierName: suppliers.name,
    })
    .from(drivers)
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .where(ofSupplier(supplierId))
    .orderBy(drivers.name, drivers.lastname, drivers.id);
}

/** Sets a driver's QR payload; false when the driver does not exist. */
export async function updateDriverCodeQr(db: Db, id: number, codeQr: string) {
  const rows = await db
    .update(drivers)
    .set({ codeQr, updatedAt: new Date() })
    .where(eq(drivers.id, id))
    .returning({ id: drivers.id });
  return rows.length > 0;
}

/** A user's own driver profile, with its profile image's etag. */
export async function findDriverProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: drivers.userId,
      driverId: drivers.id,
      name: drivers.name,
      lastname: drivers.lastname,
      telephone: drivers.telephone,
      identityCard: drivers.identityCard,
      supplierName: suppliers.name,
      etag: profileImages.etag,
    })
    .from(drivers)
    .innerJoin(suppliers, eq(suppliers.id, drivers.supplierId))
    .leftJoin(profileImages, eq(profileImages.userId, drivers.userId))
    .where(eq(drivers.userId, userId))
    .limit(1);
  return row;
}

/** The routes the driver is assigned to (their seats may be its vehicle's). */
export async function routeIdsOfDriver(conn: Db, driverId: number): Promise<number[]> {
  const rows = await conn
    .select({ routeId: routeDrivers.routeId })
    .from(routeDrivers)
    .where(eq(routeDrivers.driverId, driverId));
  return rows.map((row) => row.routeId);
}
