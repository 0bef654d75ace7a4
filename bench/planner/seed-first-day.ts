/**
 * The new site of `npm run bench:first-day` (issue 33): a branch office set up from nothing (no
 * finished trips of its own), a plant in Piantini, Santo Domingo, one inbound shift «Mañana» at
 * 08:00, FIRST_DAY_RIDERS collaborators whose homes lie 2–10 km from the plant (seeded, over the
 * demo's real neighbourhoods, so none is in the sea), and 14 drivers with 442 seats.
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
} from "../../apps/api/src/db/schema.js";
import { BRANCHES, type BranchKey, SECTORS, STREETS } from "../../apps/api/src/seed/demo-places.js";
import { insertUsers } from "../day-plan/seed-day-plan.js";

/** The plant: where the walk put it (Piantini, as the first-day journey). */
export const PLANT = {
  name: "Planta Nueva",
  address: "Av. Winston Churchill 95, Piantini, Santo Domingo",
  lat: BRANCHES.piantini.lat,
  lng: BRANCHES.piantini.lng,
};
/** A home lies this far (straight line) from the plant, in km. */
export const HOME_KM = { min: 2, max: 10 } as const;
/**
 * The issue gives 14 drivers and 442 seats, not the mix: six 45-seat buses, four 29-seat Hyundai
 * County and four 14-seat Hiace (6 × 45 + 4 × 29 + 4 × 14 = 442).
 */
export const FLEET = [
  { seats: 45, count: 6, model: "Autobús Hyundai Universe" },
  { seats: 29, count: 4, model: "Hyundai County 2021" },
  { seats: 14, count: 4, model: "Toyota Hiace 2022" },
] as const;
/** A home lies within this many degrees (~0.9 km) of its neighbourhood's centre. */
const HOME_SPREAD = 0.008;
const SANTO_DOMINGO: BranchKey[] = ["piantini", "herrera", "americas"];

export type FirstDaySite = {
  branchOfficeId: number;
  shiftId: number;
  destinationId: number;
  employeeIds: number[];
  driverIds: number[];
};

type Home = { address: string; latitude: number; longitude: number };

const plantPoint = { latitude: PLANT.lat, longitude: PLANT.lng };

/** Homes 2–10 km from the plant: a neighbourhood within reach, a street, a spot near its centre. */
function homesAroundThePlant(random: SeededRandom) {
  const places = SANTO_DOMINGO.flatMap((branch) =>
    SECTORS[branch].map(([sector, latitude, longitude]) => ({ sector, latitude, longitude, branch })),
  ).filter((place) => greatCircleKm(place, plantPoint) <= HOME_KM.max);
  return (): Home => {
    for (;;) {
      const place = random.pick(places);
      const home = {
        address: `${random.pick(STREETS[place.branch])} ${random.int(2, 320)}, ${place.sector}`,
        latitude: Math.round((place.latitude + random.between(-HOME_SPREAD, HOME_SPREAD)) * 1e6) / 1e6,
        longitude: Math.round((place.longitude + random.between(-HOME_SPREAD, HOME_SPREAD)) * 1e6) / 1e6,
      };
      const km = greatCircleKm(home, plantPoint);
      if (km >= HOME_KM.min && km <= HOME_KM.max) return home;
    }
  };
}

async function insertRiders(database: Database, branchOfficeId: number, homes: Home[]) {
  const userIds = await insertUsers(database, "colab.primer-dia.", homes.length, "Collaborator");
  const rows = homes.map((home, i) => ({
    userId: userIds[i] as number,
    codeEmployee: `PD-${i + 1}`,
    name: "Colaborador",
    lastname: `Primer día ${i + 1}`,
    jobTitle: "Operario",
    department: "Producción",
    branchOfficeId,
    codeQr: `pd-qr-${i + 1}`,
    ...home,
  }));
  const ids = await database.db.insert(employees).values(rows).returning({ id: employees.id });
  return ids.map((row) => row.id);
}

async function insertDrivers(database: Database, supplierId: number) {
  const vehicles = FLEET.flatMap((type) => Array.from({ length: type.count }, () => type));
  const userIds = await insertUsers(database, "chofer.primer-dia.", vehicles.length, "Driver");
  const rows = vehicles.map((vehicle, i) => ({
    userId: userIds[i] as number,
    supplierId,
    name: "Chofer",
    lastname: `Primer día ${i + 1}`,
    identityCard: `PD-${i + 1}`,
    codeQr: `pd-dq-${i + 1}`,
    vehicleCapacity: vehicle.seats,
    vehicleModel: vehicle.model,
    vehiclePlate: `P${String(100_000 + i)}`,
  }));
  const ids = await database.db.insert(drivers).values(rows).returning({ id: drivers.id });
  return ids.map((row) => row.id);
}

/** The whole site, deterministic for `seed`. */
export async function seedFirstDaySite(
  database: Database,
  riders: number,
  seed: number,
): Promise<FirstDaySite> {
  const { db } = database;
  const random = new SeededRandom(seed);
  const [office] = await db
    .insert(branchOffices)
    .values({ name: "Sucursal Nueva", address: PLANT.address })
    .returning({ id: branchOffices.id });
  const branchOfficeId = (office as { id: number }).id;
  const [shift] = await db
    .insert(shifts)
    .values({ branchOfficeId, name: "Mañana", direction: "inbound", time: "08:00" })
    .returning({ id: shifts.id });
  const shiftId = (shift as { id: number }).id;
  await db.insert(shiftDays).values([1, 2, 3, 4, 5].map((dayId) => ({ shiftId, dayId })));
  const [supplier] = await db
    .insert(suppliers)
    .values({
      name: "Transporte Caribe",
      rateType: "vehicle",
      rateVan: "1900",
      rateMinibus: "2800",
      rateBus: "3900",
    })
    .returning({ id: suppliers.id });
  const [plant] = await db
    .insert(destinations)
    .values({ name: PLANT.name, address: PLANT.address, latitude: PLANT.lat, longitude: PLANT.lng })
    .returning({ id: destinations.id });
  const home = homesAroundThePlant(random);
  const employeeIds = await insertRiders(database, branchOfficeId, Array.from({ length: riders }, home));
  const driverIds = await insertDrivers(database, (supplier as { id: number }).id);
  return { branchOfficeId, shiftId, destinationId: (plant as { id: number }).id, employeeIds, driverIds };
}
