/**
 * The company of `npm run bench:day-plan` (issue 36): one branch office in Santo Domingo, one
 * inbound shift («Entrada 08:00», every day) to four real workplaces, `riders` collaborators whose
 * homes come from a seeded generator over the demo's real neighbourhoods (the ones within
 * HOME_RADIUS_KM of their workplace), and per workplace a pool of drivers with 15-, 30- and
 * 45-seat vehicles from three suppliers with a rate per vehicle type.
 */
import { greatCircleKm } from "@treiber/contract/geo";
import { SeededRandom } from "@treiber/contract/seeded-random";
import type { Database } from "../../apps/api/src/db/client.js";
import {
  branchOffices,
  destinations,
  drivers,
  employees,
  shiftDays,
  shifts,
  suppliers,
  users,
} from "../../apps/api/src/db/schema.js";
import {
  BRANCHES,
  type BranchKey,
  DESTINATIONS,
  SECTORS,
  STREETS,
} from "../../apps/api/src/seed/demo-places.js";

/** The workplaces and the share of the riders working at each. */
export const WORKPLACES = [
  { ...BRANCHES.americas, name: "Zona Franca Las Américas", share: 0.35 },
  { ...BRANCHES.piantini, name: "Oficinas Piantini", share: 0.25 },
  { ...BRANCHES.herrera, name: "Zona Industrial de Herrera", share: 0.2 },
  { ...DESTINATIONS.itabo, name: "Parque Industrial Haina", share: 0.2 },
] as const;
/** A rider's neighbourhood lies at most this far (straight line) from their workplace. */
export const HOME_RADIUS_KM = 13;
/** A home lies within this many degrees (~0.9 km) of its neighbourhood's centre. */
const HOME_SPREAD = 0.008;
/**
 * Vehicle seats of each workplace's pool, as shares of its riders' seats (2.2 seats a rider): a
 * stop of more than 30 riders needs a 45-seat bus, and the densest neighbourhoods make many.
 */
const FLEET = [
  { seats: 45, share: 1, model: "Autobús Hyundai County" },
  { seats: 30, share: 0.8, model: "Minibús Toyota Coaster" },
  { seats: 15, share: 0.4, model: "Van Toyota Hiace" },
] as const;
const SUPPLIERS = [
  { name: "Transporte Caribe", van: 1_900, minibus: 2_800, bus: 3_900 },
  { name: "Autobuses del Este", van: 2_000, minibus: 2_700, bus: 4_100 },
  { name: "Transportes Ozama", van: 1_800, minibus: 2_900, bus: 4_000 },
] as const;
/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters a statement). */
const BATCH = 500;
const SANTO_DOMINGO: BranchKey[] = ["piantini", "herrera", "americas"];

export type DayPlanWorld = {
  shiftId: number;
  adminUserId: number;
  workplaces: { id: number; name: string; employeeIds: number[]; driverIds: number[] }[];
};

type Home = { address: string; latitude: number; longitude: number };

/** A home generator per workplace: a neighbourhood within HOME_RADIUS_KM, a street, a spot near it. */
function homesNear(random: SeededRandom, workplace: { lat: number; lng: number }) {
  const places = SANTO_DOMINGO.flatMap((branch) =>
    SECTORS[branch].map(([sector, latitude, longitude]) => ({ sector, latitude, longitude, branch })),
  ).filter(
    (place) => greatCircleKm(place, { latitude: workplace.lat, longitude: workplace.lng }) <= HOME_RADIUS_KM,
  );
  if (places.length === 0) throw new Error("ningún barrio a menos de HOME_RADIUS_KM del destino");
  return (): Home => {
    const place = random.pick(places);
    return {
      address: `${random.pick(STREETS[place.branch])} ${random.int(2, 320)}, ${place.sector}`,
      latitude: Math.round((place.latitude + random.between(-HOME_SPREAD, HOME_SPREAD)) * 1e6) / 1e6,
      longitude: Math.round((place.longitude + random.between(-HOME_SPREAD, HOME_SPREAD)) * 1e6) / 1e6,
    };
  };
}

async function inBatchesOf<T, R>(items: T[], insert: (rows: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let first = 0; first < items.length; first += BATCH) {
    out.push(...(await insert(items.slice(first, first + BATCH))));
  }
  return out;
}

/** `count` user accounts of `role`, their ids. */
/** `count` users of `role` (`<prefix><n>@bench.treiber`), in batches; their ids in order. */
export async function insertUsers(
  database: Database,
  prefix: string,
  count: number,
  role: "Collaborator" | "Driver",
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i + 1}@bench.treiber`,
    passwordHash: "sin-clave",
    role,
  }));
  const ids = await inBatchesOf(rows, (batch) =>
    database.db.insert(users).values(batch).returning({ id: users.id }),
  );
  return ids.map((row) => row.id);
}

async function insertRiders(
  database: Database,
  branchOfficeId: number,
  tag: string,
  homes: Home[],
): Promise<number[]> {
  const userIds = await insertUsers(database, `colab.${tag}.`, homes.length, "Collaborator");
  const rows = homes.map((home, i) => ({
    userId: userIds[i] as number,
    codeEmployee: `DP-${tag}-${i + 1}`,
    name: "Colaborador",
    lastname: `${tag.toUpperCase()} ${i + 1}`,
    jobTitle: "Operario",
    department: "Planta",
    branchOfficeId,
    codeQr: `dp-qr-${tag}-${i + 1}`,
    ...home,
  }));
  const ids = await inBatchesOf(rows, (batch) =>
    database.db.insert(employees).values(batch).returning({ id: employees.id }),
  );
  return ids.map((row) => row.id);
}

/** The workplace's pool of drivers (FLEET), spread over the suppliers. */
async function insertDrivers(database: Database, supplierIds: number[], tag: string, riders: number) {
  const vehicles = FLEET.flatMap((type) =>
    Array.from({ length: Math.ceil((riders * type.share) / type.seats) }, () => type),
  );
  const userIds = await insertUsers(database, `chofer.${tag}.`, vehicles.length, "Driver");
  const rows = vehicles.map((vehicle, i) => ({
    userId: userIds[i] as number,
    supplierId: supplierIds[i % supplierIds.length] as number,
    name: "Chofer",
    lastname: `${tag.toUpperCase()} ${i + 1}`,
    identityCard: `DP-${tag}-${i + 1}`,
    codeQr: `dp-dq-${tag}-${i + 1}`,
    vehicleCapacity: vehicle.seats,
    vehicleModel: vehicle.model,
    vehiclePlate: `${tag.slice(0, 1).toUpperCase()}${String(100_000 + i)}`,
  }));
  const ids = await inBatchesOf(rows, (batch) =>
    database.db.insert(drivers).values(batch).returning({ id: drivers.id }),
  );
  return ids.map((row) => row.id);
}

/** How many of `riders` work at each workplace (the last takes the rounding). */
function ridersPerWorkplace(riders: number) {
  const counts = WORKPLACES.map((place) => Math.round(riders * place.share));
  counts[counts.length - 1] = riders - counts.slice(0, -1).reduce((sum, n) => sum + n, 0);
  return counts;
}

/** The whole company, deterministic for `seed`. */
export async function seedDayPlanWorld(
  database: Database,
  riders: number,
  seed: number,
): Promise<DayPlanWorld> {
  const { db } = database;
  const random = new SeededRandom(seed);
  const [office] = await db
    .insert(branchOffices)
    .values({ name: "Sede Santo Domingo", address: "Av. Winston Churchill 95, Piantini, Santo Domingo" })
    .returning({ id: branchOffices.id });
  const branchOfficeId = (office as { id: number }).id;
  const [shift] = await db
    .insert(shifts)
    .values({ branchOfficeId, name: "Entrada 08:00", direction: "inbound", time: "08:00" })
    .returning({ id: shifts.id });
  const shiftId = (shift as { id: number }).id;
  await db.insert(shiftDays).values([1, 2, 3, 4, 5, 6, 7].map((dayId) => ({ shiftId, dayId })));
  const supplierRows = await db
    .insert(suppliers)
    .values(
      SUPPLIERS.map((s) => ({
        name: s.name,
        rateType: "vehicle",
        rateVan: String(s.van),
        rateMinibus: String(s.minibus),
        rateBus: String(s.bus),
      })),
    )
    .returning({ id: suppliers.id });
  const supplierIds = supplierRows.map((row) => row.id);
  const [admin] = await db
    .insert(users)
    .values({ email: "admin.dp@bench.treiber", passwordHash: "sin-clave", role: "Admin" })
    .returning({ id: users.id });
  const counts = ridersPerWorkplace(riders);
  const workplaces: DayPlanWorld["workplaces"] = [];
  for (const [w, place] of WORKPLACES.entries()) {
    const [row] = await db
      .insert(destinations)
      .values({ name: place.name, address: place.address, latitude: place.lat, longitude: place.lng })
      .returning({ id: destinations.id });
    const home = homesNear(random, place);
    const tag = `w${w + 1}`;
    const count = counts[w] as number;
    const employeeIds = await insertRiders(
      database,
      branchOfficeId,
      tag,
      Array.from({ length: count }, home),
    );
    const driverIds = await insertDrivers(database, supplierIds, tag, count);
    workplaces.push({ id: (row as { id: number }).id, name: place.name, employeeIds, driverIds });
  }
  return { shiftId, adminUserId: (admin as { id: number }).id, workplaces };
}
