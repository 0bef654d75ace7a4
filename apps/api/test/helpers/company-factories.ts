import { SeededRandom } from "@treiber/contract/seeded-random";
import { drivers, employees, users } from "../../src/db/schema.js";
import { near } from "./planning-factories.js";
import { createSupplier, testDatabase, unique, uniqueEmail, uniqueIdentityCard } from "./test-app.js";

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters a statement. */
const BATCH = 500;

/**
 * `count` collaborators of the branch office inserted in batches (a whole company: thousands), homes
 * from a seeded generator within `radiusKm` of the workplace, clustered around a few neighbourhoods.
 * Returns their employee ids.
 */
export async function createCompanyRiders(
  branchOfficeId: number,
  count: number,
  options: { seed?: number; radiusKm?: number } = {},
): Promise<number[]> {
  const { db } = await testDatabase();
  const random = new SeededRandom(options.seed ?? 1);
  const radius = options.radiusKm ?? 12;
  const centres = Array.from({ length: 10 }, () => [
    random.between(-radius, radius),
    random.between(-radius, radius),
  ]);
  const ids: number[] = [];
  for (let first = 0; first < count; first += BATCH) {
    const size = Math.min(BATCH, count - first);
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, () => ({
          email: uniqueEmail(),
          passwordHash: "x",
          role: "Collaborator" as const,
          status: "active" as const,
        })),
      )
      .returning({ id: users.id });
    const rows = await db
      .insert(employees)
      .values(
        userRows.map((user, index) => {
          const [north = 0, east = 0] = centres[random.below(centres.length)] ?? [];
          const home = near(north + random.gaussian() * 0.8, east + random.gaussian() * 0.8);
          return {
            userId: user.id,
            codeEmployee: unique("E"),
            name: "Colaborador",
            lastname: String(first + index + 1),
            jobTitle: "Operario",
            department: "Planta",
            branchOfficeId,
            codeQr: unique("qr"),
            address: unique("Calle "),
            ...home,
          };
        }),
      )
      .returning({ id: employees.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** `count` active drivers with a vehicle of `seats`, one supplier, inserted at once. Returns their ids. */
export async function createCompanyDrivers(count: number, seats: number): Promise<number[]> {
  const { db } = await testDatabase();
  const supplier = await createSupplier();
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        email: uniqueEmail(),
        passwordHash: "x",
        role: "Driver" as const,
        status: "active" as const,
      })),
    )
    .returning({ id: users.id });
  const rows = await db
    .insert(drivers)
    .values(
      userRows.map((user, index) => ({
        userId: user.id,
        supplierId: supplier.id,
        name: "Chofer",
        lastname: String(index + 1),
        identityCard: uniqueIdentityCard(),
        codeQr: unique("qr"),
        vehicleCapacity: seats,
        vehiclePlate: unique("A").slice(0, 8).toUpperCase(),
        vehicleModel: "Coaster",
      })),
    )
    .returning({ id: drivers.id });
  return rows.map((row) => row.id);
}
